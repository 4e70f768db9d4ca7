import { execFile, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { syncDirectory } from "../../runtime/durable-file.ts";
import { findPostgresBinaries, type PostgresBinaries } from "./postgres-binaries.ts";
import { checkRootCanRunPostgres, postgresCommand } from "./postgres-command.ts";
import { stopOrphanedServer } from "./stop-orphaned-server.ts";

/** The PostgreSQL data directory's name inside DATA_DIR. */
export const CLUSTER_DIR = "postgres";
/** With no TCP listener the port only names the socket file. */
const PORT = 5432;
/** A Unix socket's path must fit in sun_path: 108 bytes on Linux, 104 on macOS. */
const MAX_SOCKET_PATH = 100;
/** A start after a crash replays the WAL first. */
const READY_TIMEOUT_MS = 120_000;
/** Fast shutdown ends with a checkpoint; past this, an immediate one (the WAL makes it safe). */
const FAST_STOP_MS = 2_500;

/**
 * Settings that differ from PostgreSQL's defaults. Durability stays the default's: fsync on,
 * synchronous_commit on, full-page writes (docs/decisions/035). Only the Unix socket listens,
 * and only this account may open it.
 */
function settings(socketDir: string): string[] {
  return Object.entries({
    listen_addresses: "",
    port: String(PORT),
    unix_socket_directories: `"${socketDir}"`,
    unix_socket_permissions: "0700",
    max_connections: "50",
    shared_buffers: "32MB",
    min_wal_size: "32MB",
    max_wal_size: "256MB",
    // Live updates are read from the WAL's logical messages, off the commit path (docs/decisions/042).
    wal_level: "logical",
    timezone: "UTC",
    log_timezone: "UTC",
    // Our queries' errors reach us through the driver; the log keeps what ends a session or the server.
    log_min_messages: "fatal",
    log_min_error_statement: "panic",
  }).flatMap(([k, v]) => ["-c", `${k}=${v}`]);
}

export interface EmbeddedPostgres {
  /** A connection string for the Unix socket. */
  url: string;
  /** Resolves, with a sentence, if the server stops without being asked to. */
  lost: Promise<string>;
  /** Fast shutdown (a checkpoint), then immediate if that takes too long. */
  stop(): Promise<void>;
}

/**
 * Starts PostgreSQL on DATA_DIR/postgres as a child of this process, creating the cluster on
 * first start. It is not in our process group, so a Ctrl-C or a group signal reaches only us and
 * we stop it last, after the app has handed back its work; if we die, it is told to stop.
 */
export async function startEmbeddedPostgres({
  dataDir,
  log,
}: {
  dataDir: string;
  log: (line: string) => void;
}): Promise<EmbeddedPostgres> {
  const binaries = await findPostgresBinaries();
  checkRootCanRunPostgres();
  const clusterDir = path.join(dataDir, CLUSTER_DIR);
  if (!fs.existsSync(path.join(clusterDir, "PG_VERSION"))) await createCluster(binaries, dataDir);
  await stopOrphanedServer(clusterDir, log);

  const socketDir = chooseSocketDir(clusterDir);
  const { command, args } = postgresCommand(binaries.postgres, ["-D", clusterDir, ...settings(socketDir)], {
    stopWithParent: true,
  });
  const child = spawn(command, args, {
    detached: true,
    stdio: ["ignore", "ignore", "pipe"],
    env: { PATH: process.env.PATH, LC_ALL: "C" },
  });
  let stopping = false;
  let early = "";
  let ready = false;
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (text: string) => {
    if (!ready) early += text;
    else for (const line of text.split("\n")) if (line.trim()) log(`PostgreSQL: ${line}`);
  });
  let gone = false;
  const exited = new Promise<string>((resolve) => {
    child.once("exit", (code, signal) => resolve(signal ? `killed by ${signal}` : `exit code ${code}`));
    // A program that could not be started at all emits no exit.
    child.once("error", (err) => resolve(`could not be started: ${err.message}`));
  }).finally(() => (gone = true));

  const url = `postgresql://postgres@localhost/postgres?host=${encodeURIComponent(socketDir)}&port=${PORT}`;
  let outcome: string;
  try {
    outcome = await Promise.race([
      waitUntilAccepting(url, () => gone),
      exited.then((how) => `PostgreSQL stopped (${how})`),
    ]);
  } catch (err) {
    outcome = (err as Error).message;
  }
  if (outcome !== "ready") {
    child.kill("SIGQUIT");
    if (outcome === "gone") outcome = `PostgreSQL stopped (${await exited})`;
    throw new Error(`The embedded database did not start: ${outcome}.\n${early.trim()}`);
  }
  ready = true;
  const lost = exited.then((how) =>
    stopping ? new Promise<string>(() => {}) : `the embedded PostgreSQL stopped (${how})`,
  );
  return {
    url,
    lost,
    async stop() {
      if (gone) return;
      stopping = true;
      child.kill("SIGINT");
      const fast = await Promise.race([exited, sleep(FAST_STOP_MS).then(() => null)]);
      if (fast === null) {
        log(
          `PostgreSQL: fast shutdown took over ${FAST_STOP_MS / 1000} s; stopping it at once (the next start replays its WAL)`,
        );
        child.kill("SIGQUIT");
        await exited;
      }
      if (socketDir !== clusterDir) fs.rmSync(socketDir, { recursive: true, force: true });
    },
  };
}

/**
 * initdb into a scratch directory renamed into place once complete, so a first start cut short
 * (a full disk, a kill) leaves nothing that looks like a database.
 */
async function createCluster(binaries: PostgresBinaries, dataDir: string): Promise<void> {
  const target = path.join(dataDir, CLUSTER_DIR);
  const scratch = `${target}.initdb`;
  fs.rmSync(scratch, { recursive: true, force: true });
  fs.mkdirSync(scratch, { mode: 0o700 });
  const initdb = postgresCommand(
    binaries.initdb,
    ["-D", scratch, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--locale=C", "--no-instructions"],
    { stopWithParent: true },
  );
  try {
    await promisify(execFile)(initdb.command, initdb.args, { env: { PATH: process.env.PATH, LC_ALL: "C" } });
  } catch (err) {
    fs.rmSync(scratch, { recursive: true, force: true });
    const { stderr } = err as { stderr?: string };
    throw new Error(`Creating the embedded database failed: ${stderr?.trim() || (err as Error).message}`);
  }
  fs.rmSync(target, { recursive: true, force: true });
  fs.renameSync(scratch, target);
  syncDirectory(dataDir);
}

/** Inside the cluster's own folder when the path fits a socket address, else a private temporary folder. */
function chooseSocketDir(clusterDir: string): string {
  if (`${clusterDir}/.s.PGSQL.${PORT}`.length <= MAX_SOCKET_PATH) return clusterDir;
  return fs.mkdtempSync(path.join(os.tmpdir(), "trigger-switch-pg-"));
}

async function waitUntilAccepting(url: string, gone: () => boolean): Promise<"ready" | "gone"> {
  const deadline = performance.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (gone()) return "gone";
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      return "ready";
    } catch (err) {
      await client.end().catch(() => {});
      if (performance.now() > deadline)
        throw new Error(
          `the embedded database did not accept connections within ${READY_TIMEOUT_MS / 1000} s: ${(err as Error).message}`,
        );
      await sleep(20);
    }
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

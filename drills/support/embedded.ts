/**
 * For the drills of the embedded default (PostgreSQL in DATA_DIR/postgres, no DATABASE_URL): a
 * deployment without a database server, a server start that is expected to be refused, a look
 * into the database once no server has it open (docs/decisions/013: one process per DATA_DIR),
 * and a crash of the server and its PostgreSQL together.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { connect, type Database } from "../../server/src/db/connect.ts";
import { LOCK_FILE, type LockHolder } from "../../server/src/runtime/data-dir-lock.ts";
import type { DrillContext } from "./report.ts";
import { CLUSTER_DIR } from "../../server/src/db/embedded/start-embedded-postgres.ts";
import { createDeployment, repoRoot, type Deployment, type ServerProcess } from "./server-process.ts";
import { startSmtpSink, type SmtpSink } from "./smtp-sink.ts";

export async function stageEmbedded(
  ctx: DrillContext,
  label: string,
): Promise<{ sink: SmtpSink; deployment: Deployment }> {
  const sink = await startSmtpSink();
  ctx.cleanup(() => sink.stop());
  const deployment = createDeployment({ label, databaseUrl: null, smtpUrl: sink.url });
  ctx.cleanup(() => deployment.shutdown());
  ctx.log(`embedded database in ${deployment.dataDir}, mail sink ${sink.url}, server logs in ${deployment.logDir}`);
  return { sink, deployment };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** Starts `server/src/main.ts` as the drills do and waits for it to exit by itself (or kills it after `timeoutMs`). */
export async function startExpectingExit(
  env: Record<string, string>,
  timeoutMs = 120_000,
): Promise<{ code: number | null; output: string; listened: boolean }> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "server/src/main.ts"], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      HOST: "127.0.0.1",
      PORT: String(port),
      SERVE_WEB: "false",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr.on("data", (c: Buffer) => (output += c.toString()));
  let listened = false;
  const poll = setInterval(() => {
    fetch(`http://127.0.0.1:${port}/healthz`).then(
      () => (listened = true),
      () => {},
    );
  }, 200);
  const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
  const code = await new Promise<number | null>((resolve) => child.once("exit", (c) => resolve(c)));
  clearTimeout(timer);
  clearInterval(poll);
  return { code, output: output.trim(), listened };
}

export function readLock(dataDir: string): LockHolder | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(dataDir, LOCK_FILE), "utf8")) as LockHolder;
  } catch {
    return null;
  }
}

/**
 * SIGKILL to the embedded PostgreSQL and the server at once, as a crash of the machine's processes
 * would: PostgreSQL gets no chance to write a checkpoint, so the next start replays its WAL.
 */
export async function killServerAndDatabase(dataDir: string, server: ServerProcess): Promise<void> {
  const postmaster = Number(fs.readFileSync(path.join(dataDir, CLUSTER_DIR, "postmaster.pid"), "utf8").split("\n")[0]);
  // The server's signal leaves first, the database's right after: a server that saw its database die
  // first would exit on its own and release its lock, which is not the crash this stages.
  const killed = server.kill();
  process.kill(postmaster, "SIGKILL");
  await killed;
}

/** Opens the embedded database from the drill itself, only while no server holds DATA_DIR. */
export async function withEmbeddedDatabase<T>(dataDir: string, fn: (database: Database) => Promise<T>): Promise<T> {
  const holder = readLock(dataDir);
  if (holder && isAlive(holder.pid))
    throw new Error(`DATA_DIR is held by process ${holder.pid}; the drill must not open it too`);
  const database = await connect({ dataDir });
  try {
    return await fn(database);
  } finally {
    await database.close();
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

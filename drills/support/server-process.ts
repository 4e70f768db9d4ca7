/**
 * Server processes on one PostgreSQL database, started exactly as in production
 * (`node --import tsx server/src/main.ts`) with TEST_CLOCK on, so a drill can fast-forward
 * time, kill one with SIGKILL, or start one CLOCK_OFFSET_MS ahead (a restart after an outage).
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sharedKeys } from "./keys.ts";
import { GiveUp, waitUntil } from "./wait.ts";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
/** The checkout whose server is drilled (default this one; DRILLS_SERVER_ROOT drills another, e.g. a candidate fix). */
const serverRoot = process.env.DRILLS_SERVER_ROOT ? path.resolve(process.env.DRILLS_SERVER_ROOT) : repoRoot;

export type Role = "all" | "web" | "worker";

export interface ServerProcess {
  readonly name: string;
  readonly role: Role;
  readonly url: string;
  readonly pid: number;
  readonly logFile: string;
  /** How far ahead of the system clock this process's clock is. */
  readonly offsetMs: number;
  readonly alive: boolean;
  /** Moves this process's clock (POST /dev/clock); the engine heartbeat moves with it. */
  advanceClock(ms: number): Promise<void>;
  /** SIGKILL: no shutdown hook runs, claims stay held until their lease runs out. */
  kill(): Promise<void>;
  /** SIGTERM and wait for the exit (SIGKILL after `graceMs`). */
  stop(graceMs?: number): Promise<void>;
  /** The last lines of its log, for a failure report. */
  tail(lines?: number): string;
}

const spawned = new Set<ChildProcess>();
// Whatever happens to the drill, no server it started outlives it.
process.on("exit", () => {
  for (const child of spawned) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export interface Deployment {
  readonly logDir: string;
  /** The DATA_DIR every process gets (with no database URL: the embedded PostgreSQL's too). */
  readonly dataDir: string;
  /**
   * `env`: more settings for this process (e.g. SMTP_SEND_TIMEOUT_MS, ADMIN_EMAILS);
   * `wrap`: a command the server runs under (e.g. strace and its options).
   */
  start(opts: {
    name: string;
    role: Role;
    offsetMs?: number;
    env?: Record<string, string>;
    wrap?: string[];
  }): Promise<ServerProcess>;
  /** Stops every process still running (SIGKILL) and removes DATA_DIR. */
  shutdown(): Promise<void>;
}

/** One drill's servers: shared keys, DATA_DIR, database (none: the embedded PostgreSQL in DATA_DIR) and mail server. */
export function createDeployment({
  label,
  databaseUrl,
  smtpUrl,
}: {
  label: string;
  databaseUrl: string | null;
  smtpUrl: string;
}): Deployment {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), `drill-${label}-`));
  const dataDir = path.join(root, "data");
  const logDir = path.join(root, "logs");
  fs.mkdirSync(logDir, { recursive: true });
  const keys = sharedKeys();
  const mine: ServerProcess[] = [];
  // ENGINE_* settings of the caller are honoured (e.g. to drill a tuned engine).
  const engineEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith("ENGINE_")));

  return {
    logDir,
    dataDir,
    async start({ name, role, offsetMs = 0, env: extraEnv = {}, wrap = [] }) {
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const logFile = path.join(logDir, `${name}.log`);
      const out = fs.openSync(logFile, "a");
      const env: NodeJS.ProcessEnv = {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        ...engineEnv,
        NODE_ENV: "development",
        PORT: String(port),
        HOST: "127.0.0.1",
        // One public address for the whole deployment, as behind a load balancer: it is the
        // tokens' issuer, so every process accepts every other process's tokens.
        SITE_URL: "http://trigger-switch.drill.test",
        ROLE: role,
        DATABASE_URL: databaseUrl ?? "",
        SMTP_URL: smtpUrl,
        DATA_DIR: dataDir,
        JWT_PRIVATE_KEY: keys.JWT_PRIVATE_KEY,
        // Drills fast-forward by hours; a token must outlive that.
        JWT_EXPIRY: "86400",
        MASTER_KEY: keys.MASTER_KEY,
        AUTH_AUTOCONFIRM: "true",
        TEST_CLOCK: "true",
        CLOCK_OFFSET_MS: String(offsetMs),
        SERVE_WEB: "false",
        // Each seeded owner comes from its own X-Forwarded-For address, as real people would.
        TRUST_PROXY: "true",
        LOG_LEVEL: process.env.DRILLS_LOG_LEVEL ?? "warn",
        ...extraEnv,
      };
      fs.writeSync(out, `--- ${new Date().toISOString()} start ${name} ROLE=${role} CLOCK_OFFSET_MS=${offsetMs}\n`);
      const command = [...wrap, process.execPath, "--import", "tsx", "server/src/main.ts"];
      const child = spawn(command[0]!, command.slice(1), {
        cwd: serverRoot,
        env,
        stdio: ["ignore", out, out],
      });
      fs.closeSync(out);
      spawned.add(child);
      const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
      void exited.then(() => spawned.delete(child));
      let offset = offsetMs;
      const alive = () => child.exitCode === null && child.signalCode === null;
      const tail = (lines = 30) => fs.readFileSync(logFile, "utf8").trimEnd().split("\n").slice(-lines).join("\n");

      const proc: ServerProcess = {
        name,
        role,
        url,
        pid: child.pid!,
        logFile,
        get offsetMs() {
          return offset;
        },
        get alive() {
          return alive();
        },
        async advanceClock(ms) {
          const res = await fetch(`${url}/dev/clock`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ advanceMs: ms }),
          });
          if (!res.ok) throw new Error(`${name}: POST /dev/clock answered ${res.status}: ${await res.text()}`);
          offset = ((await res.json()) as { offsetMs: number }).offsetMs;
        },
        async kill() {
          if (alive()) child.kill("SIGKILL");
          await exited;
        },
        async stop(graceMs = 30_000) {
          if (!alive()) return;
          child.kill("SIGTERM");
          const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
          await exited;
          clearTimeout(timer);
        },
        tail,
      };
      try {
        await waitUntil(
          `${name} to answer /readyz`,
          async () => {
            if (!alive()) throw new GiveUp(`${name} exited during start (code ${child.exitCode}):\n${tail()}`);
            const res = await fetch(`${url}/readyz`).catch(() => null);
            return res?.ok ?? false;
          },
          { timeoutMs: 180_000, intervalMs: 200 },
        );
      } catch (err) {
        await proc.kill();
        throw new Error(`${(err as Error).message}\n--- ${logFile}\n${tail()}`);
      }
      mine.push(proc);
      return proc;
    },
    async shutdown() {
      await Promise.all(mine.map((p) => p.kill()));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

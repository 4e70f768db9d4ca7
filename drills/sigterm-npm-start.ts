// Drill: a stop signal stops `npm start` — all of it, within 10 s — whether SIGTERM is sent to the
// PID of npm or to the server's, or SIGINT/SIGTERM to the whole process group (Ctrl-C in a
// terminal, systemd's default KillMode: the server hears it twice, once from npm), also while the
// engine is stuck on a mail server that accepts the connection and never greets
// (docs/decisions/013). A group signal is one graceful stop: exit 0, nothing left claimed. The
// product is started exactly as a self-hoster does (`npm start`, embedded database), in its own
// process group, so every process it starts can be counted afterwards.
// Usage: node --import tsx drills/sigterm-npm-start.ts [--small]   (small: 1 try each way; full: 2)
import { sql } from "drizzle-orm";
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { CLUSTER_DIR } from "../server/src/db/embedded/start-embedded-postgres.ts";
import { freePort, isAlive, readLock, withEmbeddedDatabase } from "./support/embedded.ts";
import { sharedKeys } from "./support/keys.ts";
import { runDrill } from "./support/report.ts";
import { seed } from "./support/seed.ts";
import { untilAfter } from "./support/stage.ts";
import { repoRoot } from "./support/server-process.ts";
import { GiveUp, sleep, waitUntil } from "./support/wait.ts";

const LIMIT_MS = 10_000;

/** Where each try sends its signal: one process, or the whole group (as a terminal or systemd does). */
const TARGETS = [
  { name: "the npm PID", signal: "SIGTERM", group: false, process: "npm" },
  { name: "the server PID", signal: "SIGTERM", group: false, process: "server" },
  { name: "the process group", signal: "SIGINT", group: true, process: "npm" },
  { name: "the process group", signal: "SIGTERM", group: true, process: "npm" },
] as const;

/** Whether any process of the group `pgid` is still there. */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

await runDrill("embedded: SIGTERM to npm start", async (ctx) => {
  // A mail server that accepts and then says nothing: a send waits for a greeting that never comes.
  const silent = new Set<net.Socket>();
  let connections = 0;
  const smtp = net.createServer((socket) => {
    connections++;
    silent.add(socket);
    socket.on("error", () => {});
    socket.on("close", () => silent.delete(socket));
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  ctx.cleanup(() => {
    for (const s of silent) s.destroy();
    smtp.close();
  });
  const smtpPort = (smtp.address() as net.AddressInfo).port;

  const root = fs.mkdtempSync(path.join(os.tmpdir(), "drill-sigterm-"));
  const dataDir = path.join(root, "data");
  const groups = new Set<number>();
  ctx.cleanup(() => {
    for (const g of groups) if (groupAlive(g)) process.kill(-g, "SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true }); // the logs stay, for a failure's report
  });
  ctx.log(`silent SMTP server on port ${smtpPort}; DATA_DIR ${dataDir}; logs in ${root}`);

  const keys = sharedKeys(); // one deployment: the same keys at every start
  const tries = (ctx.small ? 1 : 2) * TARGETS.length;
  const stopTimes: number[] = [];
  for (let i = 0; i < tries; i++) {
    const target = TARGETS[i % TARGETS.length]!;
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const log = fs.openSync(path.join(root, `try-${i + 1}.log`), "a");
    const npm = spawn("npm", ["start"], {
      cwd: repoRoot,
      detached: true, // its own process group: everything it starts can be found and counted
      stdio: ["ignore", log, log],
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        ...keys,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        TEST_CLOCK: "true",
        AUTH_AUTOCONFIRM: "true",
        SERVE_WEB: "false",
        TRUST_PROXY: "true",
        LOG_LEVEL: process.env.DRILLS_LOG_LEVEL ?? "info",
      },
    });
    fs.closeSync(log);
    const pgid = npm.pid!;
    groups.add(pgid);
    const exited = new Promise<number | null>((resolve) => npm.once("exit", (code) => resolve(code)));
    let exitCode: number | null | undefined;
    void exited.then((code) => (exitCode = code));
    await waitUntil(
      `npm start (try ${i + 1}) to answer /readyz`,
      async () => {
        if (exitCode !== undefined)
          throw new GiveUp(
            `npm start exited with ${exitCode} during start; see ${path.join(root, `try-${i + 1}.log`)}`,
          );
        return (await fetch(`${url}/readyz`).catch(() => null))?.ok ?? false;
      },
      { timeoutMs: 300_000, intervalMs: 200 },
    );
    const server = readLock(dataDir);
    if (!server) throw new Error("the running server left no lock in DATA_DIR");
    // The embedded PostgreSQL runs in a session of its own (a terminal's Ctrl-C must not reach it first).
    const postgres = Number(fs.readFileSync(path.join(dataDir, CLUSTER_DIR, "postmaster.pid"), "utf8").split("\n")[0]);

    // A due message, so the engine is in the middle of a send to the silent server when the signal comes.
    const seen = connections;
    const { messages } = await seed(url, {
      tag: `term${i}`,
      owners: 1,
      messagesPerOwner: 1,
      recipientsPerOwner: 1,
      thresholdMinutes: () => 5,
    });
    await fetch(`${url}/dev/clock`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        advanceMs: untilAfter(
          messages.map((m) => m.deadline),
          0,
          60_000,
        ),
      }),
    });
    await waitUntil("the engine to connect to the silent mail server", () => connections > seen, {
      timeoutMs: 60_000,
      intervalMs: 50,
    });
    await sleep(300);

    const pid = target.process === "npm" ? npm.pid! : server.pid;
    const t0 = performance.now();
    process.kill(target.group ? -pgid : pid, target.signal);
    // npm passes a signal it receives on to its child, so after a group signal the server hears it
    // twice; whether npm's copy arrives depends on timing, so the drill sends it as npm would.
    if (target.group) process.kill(server.pid, target.signal);
    let gone = true;
    try {
      const allGone = () => !groupAlive(pgid) && !isAlive(server.pid) && !isAlive(postgres);
      await waitUntil("every process of npm start and its PostgreSQL to exit", allGone, {
        timeoutMs: LIMIT_MS + 5_000,
        intervalMs: 50,
      });
    } catch {
      gone = false;
    }
    const ms = performance.now() - t0;
    stopTimes.push(ms);
    const what = `${target.signal} to ${target.name}`;
    ctx.log(
      `try ${i + 1}: ${what} (npm ${npm.pid}, server ${server.pid}) → ${gone ? `all gone in ${(ms / 1000).toFixed(1)} s` : "processes left"}`,
    );
    ctx.check(
      `try ${i + 1}: ${what} stops every process within ${LIMIT_MS / 1000} s`,
      gone && ms <= LIMIT_MS,
      `${(ms / 1000).toFixed(1)} s${gone ? "" : `; left: group ${pgid} alive ${groupAlive(pgid)}, server alive ${isAlive(server.pid)}, PostgreSQL alive ${isAlive(postgres)}`}`,
    );
    ctx.check(
      `try ${i + 1}: the port is closed and the lock released`,
      (await fetch(`${url}/healthz`).catch(() => null)) === null && readLock(dataDir) === null,
    );
    if (groupAlive(pgid)) process.kill(-pgid, "SIGKILL");
    // The server's own word on how it stopped: a signal heard twice is still one graceful stop.
    const serverLog = fs.readFileSync(path.join(root, `try-${i + 1}.log`), "utf8");
    ctx.check(
      `try ${i + 1}: ${what} is one graceful stop (exit code 0, never "exiting now")`,
      serverLog.includes("stopped (exit code 0)") && !serverLog.includes("exiting now"),
      serverLog.includes("exiting now")
        ? "the server forced its exit"
        : serverLog.includes("stopped (exit code 0)")
          ? "stopped (exit code 0)"
          : "no clean stop in the log",
    );
    const claimed = await withEmbeddedDatabase(dataDir, async (database) => {
      const result = (await database.db.execute(
        sql`select count(*)::int n from reminder_schedule where status = 'claimed'`,
      )) as unknown as { rows: { n: number }[] };
      return result.rows[0]!.n;
    });
    ctx.check(`try ${i + 1}: nothing is left claimed after ${what}`, claimed === 0, `${claimed} rows claimed`);
  }
  ctx.metric("tries", tries);
  ctx.metric("slowest stop", `${(Math.max(...stopTimes) / 1000).toFixed(1)} s`);
});

// POST /api/check-in through the real HTTP server (node --import tsx server/src/main.ts, ROLE=web,
// on a scratch PostgreSQL database) by real signed-up users, each with active no_check_in
// conditions, against pgbench's single-row UPDATE on the same server with as many clients. Each
// owner's last check-in is moved an hour back before the runs, as a day's check-in finds it (on an
// embedded PGlite, which the bench cannot reach, every check-in rewrites its schedule instead).
// Aims (issue 10): check-ins/s ≥ 50 % of pgbench's TPS (closed loop, `concurrency` in flight), and
// p99 < 25 ms at 80 % of that load (open loop: requests sent at a fixed rate, each timed from the
// moment it was due, so a stall is not hidden by the clients waiting). During the closed loop each owner
// keeps a dashboard open (a socket in another process): live-update p99 < 100 ms (issue 27).
// Usage: node --import tsx bench/checkin-throughput.ts [users=200] [concurrency=10] [seconds=20] [conditionsPerUser=2]
// BENCH_EMBEDDED=1: the default install instead (no DATABASE_URL, ROLE=all, the embedded database in a
// fresh DATA_DIR; pgbench then runs on the embedded PostgreSQL's socket). BENCH_SERVER_ROOT=<checkout>:
// run that checkout's server (e.g. the commit before a change; an embedded PGlite has no pgbench). On
// PostgreSQL this checkout migrates the scratch database, so SQL functions are this checkout's: to
// measure an older build's SQL, run this file from that checkout instead.
// BENCH_CPU_PROF=<dir>: run the server under `node --cpu-prof` and write its profile there
// (summarise it with `node bench/support/summarise-cpu-profile.mjs <file>`).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { adminUrl, percentile, postgresAvailable, scratchDatabase } from "./support/scratch-db.ts";
import { createBenchRequest } from "./support/http-request.ts";
import { closedLoop, openLoop } from "./support/check-in-loops.ts";
import { runPgbench } from "./support/pgbench.ts";
import { probeCheckInStatement } from "./support/check-in-statement-probes.ts";
import { scheduleConditions } from "./support/seed.ts";
import { arrivalLatencies, startSocketsClient, type ClientStatus } from "./support/sockets-client-process.ts";
import { cpuMs, startPostgresCpuMeter } from "./support/cpu-time.ts";

const [users, concurrency, seconds, perUser] = [200, 10, 20, 2].map((d, i) => Number(process.argv[2 + i] ?? d)) as [
  number,
  number,
  number,
  number,
];
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const embedded = process.env.BENCH_EMBEDDED === "1";
const serverRoot = process.env.BENCH_SERVER_ROOT ? path.resolve(process.env.BENCH_SERVER_ROOT) : root;
if ((!embedded && !(await postgresAvailable())) || spawnSync("pgbench", ["--version"]).status !== 0) {
  console.log(
    "skipped: needs PostgreSQL at BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) and pgbench",
  );
  process.exit(0);
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port: free } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return free;
}
/** Ends the measured part early (an embedded PGlite: nothing to compare with pgbench). */
class SkipRest extends Error {}
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency + 4 });
const request = createBenchRequest(base, agent);
async function ok(
  method: string,
  urlPath: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<Record<string, unknown>> {
  const res = await request(method, urlPath, headers, body);
  if (res.status >= 300) throw new Error(`${method} ${urlPath} → ${res.status} ${res.body}`);
  return JSON.parse(res.body) as Record<string, unknown>;
}

const scratch = embedded ? null : await scratchDatabase("checkin");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ts-bench-"));
const cluster = path.join(dataDir, "postgres");
let sqlPool: pg.Pool | null = scratch?.pool ?? null;
const profileDir = process.env.BENCH_CPU_PROF;
/** Each bench condition: 72 hours without a check-in, reminders a day and an hour before. */
const condition = { hours: 72, reminderMinutes: [1440, 60] };
/** Each owner's last check-in an hour earlier, with the schedule the product would have written then. */
async function moveHistoryAnHourBack(): Promise<void> {
  if (!sqlPool) return;
  await sqlPool.query(
    "update message_conditions set last_checked = last_checked - interval '1 hour', armed_at = armed_at - interval '1 hour'",
  );
  await sqlPool.query("delete from reminder_schedule");
  await scheduleConditions(sqlPool, {
    thresholdMinutes: condition.hours * 60,
    reminderMinutes: condition.reminderMinutes,
  });
}
/** The server as `npm start` runs it, on the scratch database; under `--cpu-prof` for the measured phase when asked. */
async function startServer(profile: boolean): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [
      ...(profile && profileDir ? ["--cpu-prof", "--cpu-prof-dir", path.resolve(profileDir)] : []),
      "--import",
      "tsx",
      "server/src/main.ts",
    ],
    {
      cwd: serverRoot,
      env: {
        ...process.env,
        ...(scratch ? { DATABASE_URL: scratch.url, ROLE: "web" } : { DATABASE_URL: "", ROLE: "all" }),
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: "127.0.0.1",
        LOG_LEVEL: "warn",
        AUTH_AUTOCONFIRM: "true",
        JWT_EXPIRY: "86400",
        SERVE_WEB: "false",
        TRUST_PROXY: "true",
        NODE_ENV: "production",
      },
      stdio: ["ignore", "inherit", "inherit"],
    },
  );
  for (const started = Date.now(); ;) {
    if (Date.now() - started > 60_000) throw new Error("the server did not become ready within 60 s");
    const up = await request("GET", "/readyz", {}).catch(() => null);
    if (up?.status === 200) return child;
    await new Promise((r) => setTimeout(r, 100));
  }
}
async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  await new Promise((resolve) => {
    child.once("exit", resolve);
    child.kill("SIGTERM");
  });
}
let server = await startServer(false);
// The embedded PostgreSQL answers on its socket in DATA_DIR/postgres; an embedded PGlite lives inside the server.
if (embedded && fs.existsSync(path.join(cluster, "PG_VERSION")))
  sqlPool = new pg.Pool({ host: cluster, user: "postgres", database: "postgres", max: 2 });
const conn = scratch
  ? (() => {
      const u = new URL(adminUrl);
      return ["-h", u.hostname, "-p", u.port || "5432", "-U", decodeURIComponent(u.username) || "postgres"];
    })()
  : ["-h", cluster, "-U", "postgres"];
const dbName = scratch ? new URL(scratch.url).pathname.slice(1) : "postgres";
console.log(
  `server: ${serverRoot}, database: ${scratch ? "PostgreSQL (scratch)" : sqlPool ? "embedded PostgreSQL" : "embedded PGlite"}`,
);
try {
  // Real users through the real sign-up (each from its own address: sign-up is rate-limited per IP).
  const tokens: string[] = [];
  const setupStart = Date.now();
  let nextUser = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (nextUser < users) {
        const i = nextUser++;
        const from = {
          "x-forwarded-for": `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
          apikey: "trigger-switch-anon-key",
        };
        const credentials = { email: `owner${i}@bench.example`, password: "correct horse battery staple" };
        // Sign-up answers with the user only, even under autoconfirm (decision 017); the password signs in.
        await ok("POST", "/auth/v1/signup", from, credentials);
        const signUp = await ok("POST", "/auth/v1/token?grant_type=password", from, credentials);
        const auth = { authorization: `Bearer ${signUp.access_token as string}` };
        await ok("PUT", "/api/profile", auth, { first_name: "Alex", last_name: "Morgan" });
        const recipient = await ok("POST", "/api/recipients", auth, { name: "Sam", email: `sam${i}@bench.example` });
        for (let c = 0; c < perUser; c++) {
          const message = await ok("POST", "/api/messages", auth, {
            title: `For Sam ${c}`,
            text_content: "The spare key is under the blue pot.",
          });
          await ok("PUT", `/api/messages/${message.id as string}/recipients`, auth, { recipient_ids: [recipient.id] });
          await ok("POST", `/api/messages/${message.id as string}/conditions`, auth, {
            condition_type: "no_check_in",
            hours_threshold: condition.hours,
            reminder_hours: condition.reminderMinutes,
          });
        }
        tokens.push(auth.authorization);
      }
    }),
  );
  console.log(
    `${users} users signed up with ${perUser} active no_check_in conditions each (3 schedule rows per condition) in ${((Date.now() - setupStart) / 1000).toFixed(1)} s`,
  );
  // A day's check-in comes hours after the last, when the schedule that check-in wrote is old
  // enough to leave (decision 043). Sign-up wrote it seconds ago, so each owner's last check-in
  // moves an hour back, with the schedule the product would have written then; the check-ins below
  // then meet what a morning's check-ins meet. (A check-in within a lease of its schedule's writing
  // rewrites it: the probe after pgbench's UPDATE measures that path.)
  await moveHistoryAnHourBack();
  // The measured phase gets a fresh process: its profile (BENCH_CPU_PROF) holds check-ins, not sign-ups' password hashing.
  await stopServer(server);
  agent.destroy();
  server = await startServer(true);

  // A dashboard per owner, in a process of its own: the live updates the check-ins cause.
  const dashboards = startSocketsClient();
  const opened = await dashboards.ask<ClientStatus>(
    {
      type: "open",
      url: `${base.replace(/^http/, "ws")}/realtime`,
      tokens: tokens.map((t) => t.replace(/^Bearer /, "")),
      perOwner: 1,
      inFlight: 50,
    },
    "opened",
  );
  if (opened.subscribed !== users) throw new Error(`only ${opened.subscribed} of ${users} dashboards subscribed`);
  const sentByOwner: number[][] = tokens.map(() => []);
  const epoch = () => performance.timeOrigin + performance.now();

  const run = (ms: number) =>
    closedLoop({ request, tokens, concurrency, ms, onSend: (owner) => sentByOwner[owner]!.push(epoch()) });
  await run(3000); // warm-up
  for (const list of sentByOwner) list.length = 0;
  await dashboards.ask({ type: "record", on: true }, "recording");
  const cpuBefore = cpuMs(server.pid!);
  const pgCpu = sqlPool ? await startPostgresCpuMeter(sqlPool) : null;
  const { latencies, errors } = await run(seconds * 1000);
  await new Promise((r) => setTimeout(r, 1000));
  await dashboards.ask({ type: "record", on: false }, "recording");
  const live = arrivalLatencies(
    await dashboards.ask<{ owner: number[]; at: number[] }>({ type: "arrivals" }, "arrivals"),
    sentByOwner,
  );
  await dashboards.ask({ type: "close" }, "closed");
  dashboards.child.kill();
  const rps = latencies.length / seconds;
  const perRequest = (x: number) => (x / latencies.length).toFixed(2);
  console.log(
    `check-in: ${rps.toFixed(0)} req/s, p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, ${latencies.length} requests, ${errors} errors (${concurrency} clients, ${seconds} s)`,
  );
  const liveP99 = percentile(live, 99);
  console.log(
    `  live updates: ${live.length} UPDATEs on ${users} open dashboards (${perUser} per check-in), check-in sent → socket p50 ${percentile(live, 50).toFixed(1)} ms`,
  );
  console.log(`live-update p99: ${liveP99.toFixed(1)} ms — aim < 100 ms → ${liveP99 < 100 ? "met" : "not met"}`);
  console.log(
    `  CPU per check-in: server process ${perRequest(cpuMs(server.pid!) - cpuBefore)} ms, PostgreSQL backends ${pgCpu ? `${perRequest((await pgCpu.sample(), pgCpu.usedMs()))} ms` : "(inside the server process)"}`,
  );
  if (!sqlPool) {
    console.log(
      `pgbench: not for an embedded PGlite; load average ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(" ")}`,
    );
    process.exitCode = 0;
    throw new SkipRest();
  }

  // pgbench on the same server: single-row UPDATE, as many clients.
  const init = spawnSync("pgbench", ["-i", "-q", "-s", "10", ...conn, dbName], { encoding: "utf8" });
  if (init.status !== 0) throw new Error(`pgbench -i failed: ${init.stderr}`);
  const pgbench = (name: string, body: string, runSeconds = seconds) =>
    runPgbench({ name, body, dir: dataDir, clients: concurrency, seconds: runSeconds, conn, dbName });
  const update = pgbench(
    "update",
    "\\set aid random(1, 100000 * :scale)\nUPDATE pgbench_accounts SET abalance = abalance + 1 WHERE aid = :aid;\n",
  );
  const tps = update.tps;
  console.log(
    `pgbench single-row UPDATE: ${tps.toFixed(0)} TPS, latency average ${update.latencyMs} ms (${concurrency} clients, ${seconds} s)`,
  );

  await probeCheckInStatement({
    pool: sqlPool,
    pgbench,
    owners: users,
    updateTps: tps,
    shortSeconds: Math.min(seconds, 10),
    moveHistoryAnHourBack,
  });
  console.log(
    `check-in / pgbench: ${((100 * rps) / tps).toFixed(0)} % — aim ≥ 50 % → ${rps / tps >= 0.5 ? "met" : "not met"}; load average ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(" ")}`,
  );

  // Open loop at 80 % of the load reached above: latency as a steady stream of owners sees it.
  const rate = 0.8 * rps;
  const open = await openLoop({ request, tokens, perSecond: rate, ms: seconds * 1000 });
  console.log(
    `open loop at ${rate.toFixed(0)} check-ins/s (80 % of ${rps.toFixed(0)}; ${((100 * rate) / tps).toFixed(0)} % of pgbench): p50 ${percentile(open.latencies, 50).toFixed(1)} ms, p99 ${percentile(open.latencies, 99).toFixed(1)} ms, ` +
      `${open.latencies.length} requests, ${open.errors} errors — aim p99 < 25 ms → ${percentile(open.latencies, 99) < 25 ? "met" : "not met"}; load average ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(" ")}`,
  );
} catch (err) {
  if (!(err instanceof SkipRest)) throw err;
} finally {
  agent.destroy();
  if (sqlPool !== scratch?.pool) await sqlPool?.end();
  await stopServer(server);
  await scratch?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

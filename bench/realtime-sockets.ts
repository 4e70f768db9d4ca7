// Open dashboards at scale: one server process as `npm start` runs it (scripts/start.mjs, API only),
// `owners` owners seeded in SQL with one armed condition each and a live session whose access token
// the server's own signing code mints, `sockets` /realtime sockets (sockets ÷ owners per owner) held
// by a separate client process (support/realtime-sockets-client.ts), then:
//  1. check-ins through POST /api/check-in at `rate` per second for `seconds` (open loop, owners in
//     turn), each timed from the moment it was due to the UPDATE's arrival on each of that owner's
//     sockets (one clock: performance.timeOrigin + now() in both processes);
//  2. the server process's RSS (VmRSS in /proc/<pid>/status) sampled every second while held;
//  3. a reconnect storm: SIGTERM (every socket gets 1001), a new process on the same database and
//     port, and the sockets reconnect with the web client's jittered backoff and authenticate again:
//     how many are back within 60 s of the SIGTERM, and whether any got an `error` frame.
// Aims: RSS < 1 GiB, p99 < 250 ms, every socket back within 60 s with no error.
// Database: the default install's embedded PostgreSQL in a fresh DATA_DIR; TEST_DATABASE_URL=postgres://…
// runs it on a scratch database on that server instead. BENCH_CPU_PROF=<dir>: the server (first
// process) under `node --cpu-prof`, its profile written there on SIGTERM.
// Needs one file descriptor per socket in each process: `ulimit -n 20000` (hard limit) for 10,000.
// Usage: node --import tsx bench/realtime-sockets.ts [--sockets=10000] [--owners=2000] [--rate=200] [--seconds=60]
//   small: node --import tsx bench/realtime-sockets.ts --sockets=500 --owners=100 --rate=50 --seconds=10
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { generateKeyPairSync, randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { createKeyStore } from "../server/src/auth/keys/key-store.ts";
import { signAccessToken } from "../server/src/auth/tokens/sign-access-token.ts";
import { systemClock } from "../server/src/clock.ts";
import type { Config } from "../server/src/config.ts";
import { createMasterKeys } from "../server/src/crypto/master-keys.ts";
import type { users } from "../server/src/db/schema.ts";
import { createScratchDatabase } from "../server/test/support/scratch-database.ts";
import { percentile } from "./support/scratch-db.ts";
import { idOf, seedConditions, seedOwnersAndMessages } from "./support/seed.ts";
import { createBenchRequest } from "./support/http-request.ts";
import { arrivalLatencies, startSocketsClient, type ClientStatus } from "./support/sockets-client-process.ts";

const option = (name: string, fallback: number) => {
  const given = process.argv.find((a) => a.startsWith(`--${name}=`));
  const value = given ? Number(given.slice(name.length + 3)) : fallback;
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} must be a positive whole number`);
  return value;
};
const sockets = option("sockets", 10_000);
const owners = option("owners", 2000);
const rate = option("rate", 200);
const seconds = option("seconds", 60);
const stormWindowMs = 60_000;
if (sockets % owners !== 0) throw new Error("--sockets must be a multiple of --owners (the same sockets per owner)");
const perOwner = sockets / owners;

// Node raises its soft limit to the hard one at start, so the hard limit is what each process gets.
const hardLimit = Number(spawnSync("sh", ["-c", "ulimit -Hn"], { encoding: "utf8" }).stdout.trim());
if (Number.isFinite(hardLimit) && hardLimit < sockets + 512) {
  console.error(
    `File descriptors: the hard limit is ${hardLimit}, and the server and the client process each need one per socket ` +
      `(${sockets}) plus a few hundred. Raise it (e.g. \`ulimit -n ${sockets + 2048}\` as root, or LimitNOFILE) or ask for fewer --sockets.`,
  );
  process.exit(1);
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(" ");
const epoch = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port: free } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return free;
}
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
const request = createBenchRequest(base, agent);

// The server's secrets are made here, so the bench can mint tokens and seal rows as the server would.
const jwtPrivateKey = generateKeyPairSync("ec", { namedCurve: "P-256" })
  .privateKey.export({ type: "pkcs8", format: "pem" })
  .toString();
const masterKey = "k1:" + randomBytes(32).toString("base64");
const siteUrl = base;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ts-bench-sockets-"));
const scratch = process.env.TEST_DATABASE_URL
  ? await createScratchDatabase(process.env.TEST_DATABASE_URL, "bench_sockets")
  : null;
const profileDir = process.env.BENCH_CPU_PROF;

/** `node scripts/start.mjs`: the server becomes that very process, so its PID is the server's. */
async function startServer(profile: boolean): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [...(profile && profileDir ? ["--cpu-prof", "--cpu-prof-dir", path.resolve(profileDir)] : []), "scripts/start.mjs"],
    {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: scratch?.url ?? "",
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: "127.0.0.1",
        SITE_URL: siteUrl,
        LOG_LEVEL: "warn",
        JWT_EXPIRY: "86400",
        JWT_PRIVATE_KEY: jwtPrivateKey,
        MASTER_KEY: masterKey,
        SERVE_WEB: "false",
        TRUST_PROXY: "true",
        NODE_ENV: "production",
      },
      stdio: ["ignore", "inherit", "inherit"],
    },
  );
  for (const started = Date.now(); ;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} before it was ready`);
    if (Date.now() - started > 120_000) throw new Error("the server did not become ready within 120 s");
    const up = await request("GET", "/readyz", {}).catch(() => null);
    if (up?.status === 200) return child;
    await sleep(100);
  }
}
async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise((resolve) => {
    child.once("exit", resolve);
    child.kill("SIGTERM");
  });
}
function rssMiB(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb ? Number(kb) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

let server = await startServer(true);
const client = startSocketsClient();
let sqlPool: pg.Pool | null = null;
const rssSamples: number[] = [];
let sampler: NodeJS.Timeout | undefined;
let summary = "";
try {
  const cluster = path.join(dataDir, "postgres");
  if (scratch) sqlPool = new pg.Pool({ connectionString: scratch.url, max: 2 });
  else if (fs.existsSync(path.join(cluster, "PG_VERSION")))
    sqlPool = new pg.Pool({ host: cluster, user: "postgres", database: "postgres", max: 2 });
  else
    throw new Error(
      "the server runs an embedded PGlite here; seeding needs PostgreSQL (embedded or TEST_DATABASE_URL)",
    );
  sqlPool.on("error", () => {});
  console.log(
    `${sockets} sockets (${perOwner} per owner), ${owners} owners, ${rate} check-ins/s for ${seconds} s; ` +
      `${scratch ? "PostgreSQL (TEST_DATABASE_URL)" : "embedded PostgreSQL"}; load average before: ${load()}`,
  );

  // Owners in SQL (sign-up hashes a password per owner, minutes at this size), one armed condition each.
  const setupStart = Date.now();
  const masterKeys = createMasterKeys({ config: { MASTER_KEY: masterKey, DATA_DIR: dataDir } });
  await seedOwnersAndMessages(sqlPool, { n: owners, perOwner: 1, masterKeys, sealed: false });
  await seedConditions(sqlPool, {
    n: owners,
    perOwner: 1,
    thresholdMinutes: 72 * 60,
    reminderMinutes: [1440, 60],
    lastCheckedSql: "now() - interval '1 hour'",
  });
  // A live session per owner, as sign-in opens one, and an access token for it signed with the server's key.
  const userIds = Array.from({ length: owners }, (_, i) => idOf("user", i + 1));
  const amr = [{ method: "password", timestamp: Math.floor(Date.now() / 1000) }];
  const { rows: sessionRows } = await sqlPool.query<{ id: string; user_id: string }>(
    `insert into sessions (user_id, aal, amr, refreshed_at) select u, 'aal1', $2::jsonb, now() from unnest($1::uuid[]) with ordinality t(u, n) order by n returning id, user_id`,
    [userIds, JSON.stringify(amr)],
  );
  const sessionOf = new Map(sessionRows.map((r) => [r.user_id, r.id]));
  const config = { JWT_PRIVATE_KEY: jwtPrivateKey, JWT_EXPIRY: 86_400, SITE_URL: siteUrl, DATA_DIR: dataDir } as Config;
  const keys = createKeyStore({ config, clock: systemClock });
  const tokens: string[] = [];
  for (const [i, id] of userIds.entries()) {
    const user = {
      id,
      email: `owner${i + 1}@bench.example`,
      role: "authenticated",
      appMetadata: { provider: "email", providers: ["email"] },
      userMetadata: {},
    } as unknown as typeof users.$inferSelect;
    const session = { id: sessionOf.get(id)!, aal: "aal1", amr };
    tokens.push((await signAccessToken({ config, clock: systemClock, keys, user, session })).token);
  }
  const probe = await request("GET", "/api/conditions", { authorization: `Bearer ${tokens[0]!}` });
  if (probe.status !== 200) throw new Error(`a minted token was refused: ${probe.status} ${probe.body}`);
  console.log(`${owners} owners seeded with a session each in ${((Date.now() - setupStart) / 1000).toFixed(1)} s`);

  sampler = setInterval(() => rssSamples.push(rssMiB(server.pid!)), 1000);
  const idleRss = rssMiB(server.pid!);
  const opened = await client.ask<ClientStatus & { ms: number }>(
    { type: "open", url: `${base.replace(/^http/, "ws")}/realtime`, tokens, perOwner, inFlight: 100 },
    "opened",
  );
  console.log(
    `opened and authenticated ${opened.subscribed}/${sockets} sockets in ${(opened.ms / 1000).toFixed(1)} s ` +
      `(${opened.errors} error frames, closes ${JSON.stringify(opened.closeCodes)}); server RSS ${idleRss.toFixed(0)} → ${rssMiB(server.pid!).toFixed(0)} MiB, client process ${opened.rssMiB.toFixed(0)} MiB; load average ${load()}`,
  );

  // Open loop: check-in k is due at start + k / rate, owner k mod owners, and timed from when it was due.
  await client.ask({ type: "record", on: true }, "recording");
  const due: number[][] = Array.from({ length: owners }, () => []);
  let failed = 0;
  const answers: number[] = [];
  const inFlight: Promise<void>[] = [];
  const start = epoch();
  const total = rate * seconds;
  for (let k = 0; k < total; k++) {
    const at = start + (k * 1000) / rate;
    const wait = at - epoch();
    if (wait > 1) await sleep(wait);
    const owner = k % owners;
    due[owner]!.push(at);
    inFlight.push(
      request("POST", "/api/check-in", { authorization: `Bearer ${tokens[owner]!}` }, {}).then(
        (res) => {
          answers.push(epoch() - at);
          if (res.status !== 200) failed += 1;
        },
        () => void (failed += 1),
      ),
    );
  }
  await Promise.all(inFlight);
  await sleep(3000);
  await client.ask({ type: "record", on: false }, "recording");
  const heldRss = Math.max(...rssSamples.filter(Number.isFinite));
  const held = (await client.ask<ClientStatus>({ type: "status" }, "status")).subscribed;
  const arrivals = await client.ask<{ owner: number[]; at: number[] }>({ type: "arrivals" }, "arrivals");
  // Each arrival belongs to its owner's latest check-in due before it (an owner's turns are owners ÷ rate s apart).
  const latencies = arrivalLatencies(arrivals, due);
  answers.sort((a, b) => a - b);
  const p99 = percentile(latencies, 99);
  console.log(
    `check-ins: ${total} sent, ${failed} failed; answered p50 ${percentile(answers, 50).toFixed(1)} ms, p99 ${percentile(answers, 99).toFixed(1)} ms`,
  );
  // A p99 over the updates that arrived says nothing of those that did not: the aim needs them all.
  const missing = total * perOwner - latencies.length;
  console.log(
    `check-in → socket: ${latencies.length} of ${total * perOwner} expected UPDATEs arrived; p50 ${percentile(latencies, 50).toFixed(1)} ms, ` +
      `p99 ${p99.toFixed(1)} ms, max ${(latencies.at(-1) ?? NaN).toFixed(1)} ms — aim p99 < 250 ms, every one arriving → ` +
      (missing > 0 ? `NOT met (${missing} missing)` : p99 < 250 ? "met" : "NOT met"),
  );
  console.log(
    `server RSS while ${held} sockets held: peak ${heldRss.toFixed(0)} MiB (sampled each second) — aim < 1024 MiB → ${heldRss < 1024 ? "met" : "NOT met"}; load average ${load()}`,
  );

  // The storm: the process stops (1001 to every socket), a new one starts on the same database and port.
  await client.ask({ type: "storm", at: epoch() }, "storm");
  const stormStart = epoch();
  await stopServer(server);
  const downMs = epoch() - stormStart;
  server = await startServer(false);
  const upMs = epoch() - stormStart;
  let storm: ClientStatus;
  for (;;) {
    storm = await client.ask<ClientStatus>({ type: "status" }, "status");
    if (storm.back >= sockets || epoch() - stormStart > stormWindowMs) break;
    await sleep(250);
  }
  const backIn = storm.back > 0 ? (storm.lastBack - stormStart) / 1000 : NaN;
  console.log(
    `reconnect storm: old process gone after ${(downMs / 1000).toFixed(1)} s, new one ready after ${(upMs / 1000).toFixed(1)} s; ` +
      `${storm.back}/${sockets} back within ${stormWindowMs / 1000} s, the last at ${backIn.toFixed(1)} s; ${storm.gaveUp} gave up; ` +
      `${storm.errors} error frames ${JSON.stringify(storm.errorTexts)}; closes ${JSON.stringify(storm.closeCodes)}; ` +
      `server RSS after ${rssMiB(server.pid!).toFixed(0)} MiB — aim all back with no error → ${storm.back === sockets && storm.errors === 0 ? "met" : "NOT met"}; load average ${load()}`,
  );
  summary = `realtime sockets: ${held} held, rss ${heldRss.toFixed(0)} MiB, p99 ${p99.toFixed(0)} ms, back ${storm.back}/${sockets} in ${backIn.toFixed(1)} s`;
} finally {
  clearInterval(sampler);
  if (client.child.connected) await client.ask({ type: "close" }, "closed").catch(() => {});
  client.child.kill();
  agent.destroy();
  await sqlPool?.end().catch(() => {});
  await stopServer(server);
  await scratch?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
// Last, after the servers' shutdown logs: the one line to compare runs by.
console.log(summary);

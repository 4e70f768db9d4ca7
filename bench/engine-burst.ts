// A burst of deadlines: n no_check_in conditions whose deadlines fall evenly within `spread`
// seconds, one recipient each, delivered by the real engine loop (startEngine → runEngineTick,
// pooled SMTP) to a real SMTP server on loopback in another process. Reports how late each mail
// arrived (arrival − deadline), how long until the last one arrived, and the engine's mail rate
// against raw nodemailer sending the same kind of mail to the same sink with the same concurrency.
// Aims (issue 27): engine rate ≥ 70 % of raw nodemailer's; p99 lateness ≤ n ÷ raw rate + 2 s.
// Usage: node --import tsx bench/engine-burst.ts [n=100000] [spreadS=60] [timeoutS=900]
// (ENGINE_BATCH_SIZE / ENGINE_CONCURRENCY / ENGINE_INTERVAL_MS from the environment are honoured.)
import fs from "node:fs";
import os from "node:os";
import type { startEngine } from "../server/src/engine/start-engine.ts";
import { percentile, postgresAvailable } from "./support/scratch-db.ts";
import { seedConditions, seedOwnersAndMessages } from "./support/seed.ts";
import { spreadDeadlines, stageEngineBench, startBenchEngine } from "./support/engine-bench-stage.ts";
import { bestRawMailRate } from "./support/raw-mail-rate.ts";
import { cpuSnapshot, startPostgresCpuMeter } from "./support/cpu-time.ts";

const n = Number(process.argv[2] ?? 100_000);
const spreadMs = Number(process.argv[3] ?? 60) * 1000;
const timeoutMs = Number(process.argv[4] ?? 900) * 1000;
const THRESHOLD_MIN = 60;
if (!(await postgresAvailable())) {
  console.log("skipped: no PostgreSQL at BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test)");
  process.exit(0);
}

const { sink, scratch, dataDir, config, masterKeys, mailer, mailThreads } = await stageEngineBench("burst");
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
let engine: ReturnType<typeof startEngine> | undefined;
try {
  const seedStart = performance.now();
  await seedOwnersAndMessages(scratch.pool, { n, perOwner: 5, masterKeys, sealed: true });
  // Armed, but not due for years until the deadlines are set below.
  await seedConditions(scratch.pool, {
    n,
    perOwner: 5,
    thresholdMinutes: THRESHOLD_MIN,
    reminderMinutes: [],
    lastCheckedSql: "now() + interval '10 years'",
    schedule: false,
  });
  await scratch.pool.query("vacuum analyze");
  console.log(
    `seeded ${n.toLocaleString("en")} owners' messages, recipients and conditions in ${s(performance.now() - seedStart)}`,
  );

  // Deadlines from t0 evenly over the spread; the schedule as the product writes it. t0 leaves time
  // to write it first (100,000 rows took more than 8 s on a slow machine, so the lead grows with n).
  const t0 = Date.now() + 8000 + n / 5;
  await spreadDeadlines(scratch.pool, { n, t0, spreadMs, thresholdMinutes: THRESHOLD_MIN });
  const deadlines = new Map<string, number>();
  const dl = await scratch.pool.query<{ email: string; ms: number }>(
    `select r.email, extract(epoch from s.deadline)::float8 * 1000 ms from reminder_schedule s join message_recipients mr on mr.message_id = s.message_id join recipients r on r.id = mr.recipient_id`,
  );
  for (const row of dl.rows) deadlines.set(row.email, Math.round(row.ms));
  if (Date.now() > t0) console.warn(`warning: the schedule was written ${s(Date.now() - t0)} after the first deadline`);

  // CPU from the engine's start to the burst's last recipient's mail: the engine's thread, the mail
  // thread, the process's other threads (the garbage collector's, libuv's), PostgreSQL's backends
  // and the sink. Their sum bounds the rate the machine's cores could carry.
  const pgCpu = await startPostgresCpuMeter(scratch.pool);
  const cpuAtStart = cpuSnapshot(mailThreads, sink.pid);
  engine = startBenchEngine({ db: scratch.database.db, config, masterKeys, mailer });
  let got = 0;
  let lastReport = Date.now();
  // The owners' release notices (issue 14) arrive at the same sink: only the recipients' mails count.
  const recipientMails = async () => (await sink.arrivals()).filter(([to]) => deadlines.has(to));
  while (got < n && Date.now() < t0 + spreadMs + timeoutMs) {
    await new Promise((r) => setTimeout(r, 500));
    got = await sink.count();
    await pgCpu.sample();
    if (got >= n) got = (await recipientMails()).length;
    if (Date.now() - lastReport >= 15_000) {
      lastReport = Date.now();
      console.log(`  ${s(Date.now() - t0)} after the first deadline: ${got.toLocaleString("en")} mails arrived`);
    }
  }
  const cpuAtEnd = cpuSnapshot(mailThreads, sink.pid);
  const cpu = {
    thread: cpuAtEnd.thread - cpuAtStart.thread,
    mail: cpuAtEnd.mail - cpuAtStart.mail,
    process: cpuAtEnd.process - cpuAtStart.process,
    postgres: pgCpu.usedMs(),
    sink: cpuAtEnd.sink - cpuAtStart.sink,
  };
  await engine.stop();
  engine = undefined;
  const all = await sink.arrivals();
  const arrivals = all.filter(([to]) => deadlines.has(to));
  const late = arrivals.map(([to, at]) => at - deadlines.get(to)!).sort((a, b) => a - b);
  const unique = new Set(arrivals.map(([to]) => to)).size;
  const firstAt = Math.min(...arrivals.map(([, at]) => at));
  const lastAt = Math.max(...arrivals.map(([, at]) => at));
  const noticesAmid = all.filter(([to, at]) => !deadlines.has(to) && at <= lastAt).length;
  console.log(
    `  (and ${(all.length - arrivals.length).toLocaleString("en")} owners' release notices, ${noticesAmid.toLocaleString("en")} of them before the last recipient's mail; not counted below)`,
  );
  const { rows: states } = await scratch.pool.query<{ status: string; n: number }>(
    "select status, count(*)::int n from reminder_schedule group by status order by status",
  );
  const engineRate = arrivals.length / ((lastAt - t0) / 1000);
  console.log(
    `engine: ${arrivals.length.toLocaleString("en")} mails (${unique.toLocaleString("en")} distinct recipients) for ${n.toLocaleString("en")} deadlines over ${s(spreadMs)}; schedule: ${states.map((r) => `${r.status} ${r.n}`).join(", ")}`,
  );
  console.log(
    `  last mail ${s(lastAt - t0)} after the first deadline (${s(lastAt - (t0 + spreadMs))} after the last one)`,
  );
  console.log(
    `  lateness p50 ${s(percentile(late, 50))}, p99 ${s(percentile(late, 99))}, max ${s(late.at(-1)!)}, min ${s(late[0]!)} (aim below, after the raw run)`,
  );
  console.log(
    `  rate ${engineRate.toFixed(0)} mails/s (n / (last arrival − first deadline)); ${(arrivals.length / ((lastAt - firstAt) / 1000)).toFixed(0)} mails/s first to last arrival; deadlines came due at ${(n / (spreadMs / 1000)).toFixed(0)}/s`,
  );
  const perMail = (ms: number) => `${(ms / Math.max(1, arrivals.length)).toFixed(3)} ms`;
  const cpuAll = cpu.process + cpu.postgres + cpu.sink;
  console.log(
    `  CPU per recipient's mail (engine start to the last one): engine's thread ${perMail(cpu.thread)}, mail thread ${perMail(cpu.mail)}, other threads (GC, libuv) ${perMail(cpu.process - cpu.thread - cpu.mail)}, PostgreSQL backends ${perMail(cpu.postgres)}, the sink ${perMail(cpu.sink)}; in all ${perMail(cpuAll)}, at most ${((os.cpus().length * 1000 * arrivals.length) / cpuAll).toFixed(0)} mails/s on ${os.cpus().length} cores`,
  );
  if (unique !== arrivals.length || arrivals.length !== n)
    console.log(`  NOT exactly once: ${arrivals.length} mails, ${unique} distinct, ${n} expected`);

  const rawRate = await bestRawMailRate({
    config,
    sink,
    db: scratch.database.db,
    masterKeys,
    count: Math.min(n, 20_000),
  });
  console.log(
    `engine / best raw: ${((100 * engineRate) / rawRate).toFixed(0)} % — aim ≥ 70 % → ${engineRate / rawRate >= 0.7 ? "met" : "not met"}`,
  );
  // Raw nodemailer would need n ÷ its rate to send the whole burst; the engine may take 2 s more.
  const latenessAimMs = (n / rawRate) * 1000 + 2000;
  console.log(
    `lateness p99: ${s(percentile(late, 99))} — aim ≤ n ÷ raw + 2 s = ${s(latenessAimMs)} → ${percentile(late, 99) <= latenessAimMs && arrivals.length === n && unique === n ? "met" : "not met"}`,
  );
  console.log(
    `settings: ENGINE_BATCH_SIZE=${config.ENGINE_BATCH_SIZE} ENGINE_CONCURRENCY=${config.ENGINE_CONCURRENCY} ENGINE_INTERVAL_MS=${config.ENGINE_INTERVAL_MS}; load average ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(" ")}`,
  );
} finally {
  await engine?.stop();
  mailer.close();
  sink.close();
  await scratch.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

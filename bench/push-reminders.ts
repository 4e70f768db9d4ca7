// Reminders by Web Push: n owners, each with one device and push among their reminder channels,
// whose reminders fall due at the same moment. The real engine loop (startEngine → runEngineTick →
// the channel layer) sends each owner's e-mail to a real SMTP server in another process and the
// push, VAPID-signed and RFC 8291-encrypted, to the local push service of the server tests
// (server/test/support/fake-push-service.ts) in this process, which verifies the JWT and decrypts the
// payload before counting it. Reports the time from the reminder's due moment to the payload
// decrypted at the push service, p50 / p99.
// Usage: node --import tsx bench/push-reminders.ts [n=1000] [timeoutS=300]
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import { createChannels } from "../server/src/channels/create-channels.ts";
import { tellOwnerByNotice } from "../server/src/channels/delivery/tell-owner.ts";
import { systemClock } from "../server/src/clock.ts";
import { startEngine } from "../server/src/engine/start-engine.ts";
import { loadVapidKeys } from "../server/src/push/vapid-keys.ts";
import { startFakePushService } from "../server/test/support/fake-push-service.ts";
import { percentile, postgresAvailable } from "./support/scratch-db.ts";
import { idOf, scheduleConditions, seedConditions, seedOwnersAndMessages } from "./support/seed.ts";
import { stageEngineBench } from "./support/engine-bench-stage.ts";

const n = Number(process.argv[2] ?? 1000);
const timeoutMs = Number(process.argv[3] ?? 300) * 1000;
const THRESHOLD_MIN = 120;
const REMINDER_MIN = 60;
if (!(await postgresAvailable())) {
  console.log("skipped: no PostgreSQL at BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test)");
  process.exit(0);
}

const { sink, scratch, dataDir, config, masterKeys, mailer } = await stageEngineBench("push");
const vapidPublicKey = loadVapidKeys(config)!.publicKey;
const pushService = await startFakePushService({ vapidPublicKey: () => vapidPublicKey });
const log = {
  info() {},
  error(obj: object, msg: string) {
    console.error(msg, obj);
  },
};
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
let engine: ReturnType<typeof startEngine> | undefined;
try {
  await seedOwnersAndMessages(scratch.pool, { n, perOwner: 1, masterKeys, sealed: true });
  await seedConditions(scratch.pool, {
    n,
    perOwner: 1,
    thresholdMinutes: THRESHOLD_MIN,
    reminderMinutes: [REMINDER_MIN],
    lastCheckedSql: "now() + interval '10 years'",
    schedule: false,
  });
  // One browser per owner, subscribed at the local push service as a browser would be.
  const endpoints = new Map<string, number>();
  const devices = Array.from({ length: n }, (_, i) => {
    const sub = pushService.subscribe();
    endpoints.set(sub.endpoint, i + 1);
    const hash = crypto.createHash("sha256").update(crypto.randomBytes(32)).digest("hex");
    return [idOf("user", i + 1), "Phone", sub.endpoint, sub.keys.p256dh, sub.keys.auth, hash];
  });
  for (let i = 0; i < devices.length; i += 500) {
    const chunk = devices.slice(i, i + 500);
    await scratch.pool.query(
      `insert into push_devices (user_id, name, endpoint, p256dh, auth, check_in_hash)
         select * from unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[])`,
      [0, 1, 2, 3, 4, 5].map((k) => chunk.map((d) => d[k])),
    );
  }
  await scratch.pool.query(`update profiles set reminder_channels = '{email,push}'`);

  // Every reminder due at t0, a few seconds ahead; the deadlines an hour after it.
  const t0 = Date.now() + 8000;
  await scratch.pool.query(
    `update message_conditions set last_checked = x.lc, armed_at = x.lc
       from (select date_trunc('milliseconds', to_timestamp($1::float8 / 1000) - interval '${THRESHOLD_MIN - REMINDER_MIN} minutes') lc) x`,
    [t0],
  );
  await scheduleConditions(scratch.pool, { thresholdMinutes: THRESHOLD_MIN, reminderMinutes: [REMINDER_MIN] });
  await scratch.pool.query("vacuum analyze");
  const due = await scratch.pool.query<{ n: number; at: number }>(
    `select count(*)::int n, min(extract(epoch from scheduled_at)::float8 * 1000) at from reminder_schedule where reminder_type = 'reminder'`,
  );
  if (due.rows[0]!.n !== n) throw new Error(`expected ${n} reminders scheduled, found ${due.rows[0]!.n}`);
  const dueAt = Math.round(due.rows[0]!.at);
  console.log(`seeded ${n.toLocaleString("en")} owners, each with a device and a reminder due at one moment`);

  const channels = createChannels({
    config,
    db: scratch.database.db,
    mailer,
    clock: systemClock,
    masterKeys,
    pushAgent: pushService.agent,
  });
  const tellOwner = tellOwnerByNotice({ masterKeys, clock: systemClock, siteUrl: () => config.SITE_URL });
  engine = startEngine({
    db: scratch.database.db,
    clock: systemClock,
    mailer,
    channels,
    tellOwner,
    config,
    masterKeys,
    log,
    intervalMs: config.ENGINE_INTERVAL_MS,
  });
  while (pushService.received.length < n && Date.now() < dueAt + timeoutMs)
    await new Promise((r) => setTimeout(r, 200));
  await engine.stop();
  engine = undefined;

  const received = pushService.received;
  const late = received.map((r) => performance.timeOrigin + r.at - dueAt).sort((a, b) => a - b);
  const distinct = new Set(received.map((r) => r.endpoint)).size;
  const reminders = received.filter((r) => (r.payload as { kind?: string }).kind === "reminder").length;
  const mails = await sink.count();
  console.log(
    `  ${received.length.toLocaleString("en")} pushes (${distinct.toLocaleString("en")} devices, ${reminders.toLocaleString("en")} reminders) and ${mails.toLocaleString("en")} reminder e-mails; ${pushService.refused.length} refused by the push service`,
  );
  const mailLate = (await sink.arrivals()).map(([, at]) => at - dueAt).sort((a, b) => a - b);
  if (mailLate.length > 0)
    console.log(
      `  the same reminders' e-mails at the SMTP sink: p50 ${percentile(mailLate, 50).toFixed(0)} ms, p99 ${percentile(mailLate, 99).toFixed(0)} ms`,
    );
  if (late.length > 0) console.log(`  last push ${s(late.at(-1)!)} after the reminders fell due; first ${s(late[0]!)}`);
  if (distinct !== n || received.length !== n) {
    console.log(`  NOT exactly once: ${received.length} pushes, ${distinct} devices, ${n} expected`);
    const states = await scratch.pool.query<{ status: string; n: number }>(
      "select status, count(*)::int n from deliveries where kind = 'reminder' group by 1 order by 1",
    );
    const failed = await scratch.pool.query<{ error: string; n: number }>(
      "select error, count(*)::int n from reminder_delivery_log where delivery_channel = 'push' and delivery_status = 'failed' group by 1",
    );
    console.log(`  reminders: ${states.rows.map((r) => `${r.status} ${r.n}`).join(", ")}`);
    for (const f of failed.rows) console.log(`  push failed ${f.n}×: ${f.error}`);
  }
  console.log(
    `push reminders: ${received.length} delivered, p50 ${late.length ? percentile(late, 50).toFixed(0) : "-"} ms, p99 ${late.length ? percentile(late, 99).toFixed(0) : "-"} ms`,
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
  await pushService.close();
  await scratch.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

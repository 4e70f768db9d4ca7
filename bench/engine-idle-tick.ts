// One engine tick (runEngineTick) over idle conditions: deadlines 20–30 days ahead, each with the
// pending reminder_schedule rows the product creates (reminders 24 h and 1 h before, the final
// delivery). Nothing is due, so a tick is the downtime guard's heartbeat plus one claim that finds
// nothing; it should cost about the same at any size. Aim: 1,000,000 idle ≤ 2 × 1,000 idle.
// Usage: node --import tsx bench/engine-idle-tick.ts [sizes=1000,1000000] [ticks=30]
import { eq } from "drizzle-orm";
import { createChannels } from "../server/src/channels/create-channels.ts";
import { tellOwnerByNotice } from "../server/src/channels/delivery/tell-owner.ts";
import { systemClock } from "../server/src/clock.ts";
import { loadConfig } from "../server/src/config.ts";
import { createMasterKeys } from "../server/src/crypto/master-keys.ts";
import { engineHeartbeat, reminderSchedule } from "../server/src/db/schema.ts";
import { rescheduleCondition } from "../server/src/engine/reschedule-condition.ts";
import { runEngineTick } from "../server/src/engine/run-engine-tick.ts";
import { createMailer } from "../server/src/mail/create-mailer.ts";
import { idOf, seedConditions, seedOwnersAndMessages } from "./support/seed.ts";
import { percentile, postgresAvailable, scratchDatabase } from "./support/scratch-db.ts";

const sizes = (process.argv[2] ?? "1000,1000000").split(",").map(Number);
const ticks = Number(process.argv[3] ?? 30);
if (!(await postgresAvailable())) {
  console.log("skipped: no PostgreSQL at BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test)");
  process.exit(0);
}

const quiet = {
  info() {},
  error(obj: object, msg: string) {
    console.error(msg, obj);
  },
};
const results: { n: number; median: number; p90: number; min: number; scheduleRows: number; seedS: number }[] = [];

for (const n of sizes) {
  const scratch = await scratchDatabase(`idle_${n}`);
  try {
    const config = loadConfig({
      DATA_DIR: "/tmp/unused",
      MASTER_KEY: "k1:" + Buffer.alloc(32, 7).toString("base64"),
      LOG_LEVEL: "silent",
    });
    const masterKeys = createMasterKeys({ config });
    const t0 = performance.now();
    await seedOwnersAndMessages(scratch.pool, { n, perOwner: 5, masterKeys, sealed: false });
    await seedConditions(scratch.pool, {
      n,
      perOwner: 5,
      thresholdMinutes: 30 * 24 * 60,
      reminderMinutes: [1440, 60],
      lastCheckedSql: "now() - random() * interval '10 days'",
    });
    await scratch.pool.query("vacuum analyze");
    const seedS = (performance.now() - t0) / 1000;
    const { db } = scratch.database;
    // The seed must be what the product would write: rescheduling a sample changes nothing.
    for (const j of [1, Math.ceil(n / 2), n]) {
      const before = await db
        .select()
        .from(reminderSchedule)
        .where(eq(reminderSchedule.conditionId, idOf("cond", j)));
      await rescheduleCondition({ db, clock: systemClock, conditionId: idOf("cond", j) });
      const after = await db
        .select()
        .from(reminderSchedule)
        .where(eq(reminderSchedule.conditionId, idOf("cond", j)));
      const same =
        after.length === before.length &&
        after.every((r) => r.status === "pending" && before.some((b) => b.id === r.id));
      if (before.length !== 3 || !same) throw new Error(`seeded schedule of condition ${j} differs from the product's`);
    }
    const [{ count: scheduleRows }] = (await scratch.pool.query("select count(*)::int count from reminder_schedule"))
      .rows as [{ count: number }];
    const mailer = createMailer({ from: config.MAIL_FROM, db, masterKeys });
    const channels = createChannels({ config, db, mailer, clock: systemClock, masterKeys });
    const tellOwner = tellOwnerByNotice({ masterKeys, clock: systemClock, siteUrl: () => config.SITE_URL });
    const tick = () =>
      runEngineTick({ db, clock: systemClock, mailer, channels, tellOwner, config, masterKeys, log: quiet });
    // The heartbeat is fresh, as with an engine running all along (no outage to repair).
    await db
      .insert(engineHeartbeat)
      .values({ id: 1, lastBeatAt: new Date() })
      .onConflictDoUpdate({ target: engineHeartbeat.id, set: { lastBeatAt: new Date() } });
    for (let i = 0; i < 5; i++) await tick(); // warm-up: connections, plans, caches
    const ms: number[] = [];
    for (let i = 0; i < ticks; i++) {
      const s = performance.now();
      const r = await tick();
      ms.push(performance.now() - s);
      if (r.claimed !== 0 || r.outage) throw new Error("an idle tick claimed work or saw an outage");
    }
    ms.sort((a, b) => a - b);
    results.push({ n, median: percentile(ms, 50), p90: percentile(ms, 90), min: ms[0]!, scheduleRows, seedS });
    console.log(
      `${n.toLocaleString("en")} idle conditions (${scheduleRows.toLocaleString("en")} pending schedule rows, seeded in ${seedS.toFixed(0)} s): tick median ${percentile(ms, 50).toFixed(2)} ms, p90 ${percentile(ms, 90).toFixed(2)} ms, min ${ms[0]!.toFixed(2)} ms (${ticks} ticks)`,
    );
    mailer.close();
  } finally {
    await scratch.drop();
  }
}
if (results.length >= 2) {
  const [a, b] = [results[0]!, results.at(-1)!];
  const ratio = b.median / a.median;
  console.log(
    `ratio ${b.n.toLocaleString("en")} / ${a.n.toLocaleString("en")}: ${ratio.toFixed(2)} × (median), aim ≤ 2 × → ${ratio <= 2 ? "met" : "not met"}`,
  );
}

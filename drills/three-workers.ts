// Drill 2: three worker processes (ROLE=worker) and one web process (ROLE=web) on one PostgreSQL.
// Proves: concurrent claims (FOR UPDATE SKIP LOCKED) never hand a row to two workers, so every
// release mail arrives exactly once; prints each worker's share of the work.
// Usage: node --import tsx drills/three-workers.ts [--small]   (full: 10,000 deliveries; small: 1,000)
//        DRILLS_WORKERS=1|2 for fewer workers (the scaling figures in docs/scaling.md)
import { countReleases } from "./support/count-mails.ts";
import { runDrill } from "./support/report.ts";
import { rows } from "./support/scratch-db.ts";
import { expectedReleaseKeys, seed } from "./support/seed.ts";
import { advanceAll, drainReleases, engineState, fmt, settle, stage, untilAfter } from "./support/stage.ts";

await runDrill("drill 2: three workers, one database", async (ctx) => {
  // Small: 200 messages of 5 recipients, more rows than one claim takes, so the workers compete.
  const plan = ctx.small
    ? { tag: "three", owners: 8, messagesPerOwner: 25, recipientsPerOwner: 5, thresholdMinutes: () => 5 }
    : { tag: "three", owners: 20, messagesPerOwner: 25, recipientsPerOwner: 20, thresholdMinutes: () => 5 };
  const { db, sink, deployment } = await stage(ctx, "three");
  // The web process migrates the fresh database first; the workers then start together.
  const web = await deployment.start({ name: "web", role: "web" });
  // Claims of 100 rows (the default is 500), so the workers compete for the burst; ENGINE_BATCH_SIZE overrides.
  // DRILLS_WORKERS=1|2 runs fewer workers (docs/scaling.md measures 1, 2 and 3).
  const env: Record<string, string> = process.env.ENGINE_BATCH_SIZE ? {} : { ENGINE_BATCH_SIZE: "100" };
  const count0 = Math.max(1, Number(process.env.DRILLS_WORKERS ?? 3));
  const workers = await Promise.all(
    Array.from({ length: count0 }, (_, k) => deployment.start({ name: `worker-${k + 1}`, role: "worker", env })),
  );
  const all = [web, ...workers];
  ctx.log(`started web (pid ${web.pid}) and ${workers.map((w) => `${w.name} (pid ${w.pid})`).join(", ")}`);

  let t = performance.now();
  const { messages } = await seed(web.url, plan);
  const expected = expectedReleaseKeys(messages);
  ctx.log(
    `seeded ${messages.length} messages × ${plan.recipientsPerOwner} recipients through the API in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );

  await advanceAll(
    all,
    untilAfter(
      messages.map((m) => m.deadline),
      web.offsetMs,
    ),
  );
  t = performance.now();
  await drainReleases({ db, sink, messageCount: messages.length, expected, timeoutMs: 900_000 });
  const drainS = (performance.now() - t) / 1000;
  await settle(sink, 3000);

  const count = countReleases(sink.mails, expected);
  const state = await engineState(db);
  const [fired] = await rows<{ n: number }>(
    db.pool,
    "select count(*)::int n from sent_reminders where kind = 'final_delivery'",
  );
  const [grants] = await rows<{ n: number }>(db.pool, "select count(*)::int n from access_grants");
  // claimed_by stays on a sent row: it names the worker (host:pid:…) that delivered it.
  const shares = await rows<{ claimed_by: string | null; rows: number; mails: number }>(
    db.pool,
    `select s.claimed_by, count(distinct s.id)::int rows, count(d.id)::int mails
       from reminder_schedule s left join deliveries d on d.reminder_id = s.id and d.kind = 'release'
      where s.reminder_type = 'final_delivery' group by s.claimed_by order by s.claimed_by`,
  );
  const nameOf = (claimedBy: string | null) =>
    workers.find((w) => claimedBy?.split(":").includes(String(w.pid)))?.name ?? claimedBy ?? "(none)";
  const share = shares.map((s) => `${nameOf(s.claimed_by)} ${fmt(s.mails)} mails (${s.rows} messages)`).join(", ");
  const [sent] = await rows<{ n: number }>(
    db.pool,
    "select count(*)::int n from reminder_delivery_log l join deliveries d on d.id = l.delivery_id where l.delivery_status = 'sent' and d.kind = 'release'",
  );

  ctx.metric("expected release mails", expected.size);
  ctx.metric("received unique", count.receivedUnique);
  ctx.metric("lost", count.lost);
  ctx.metric("duplicates", count.duplicates);
  ctx.metric("share of the work", share);
  ctx.metric("deadline to last mail", `${drainS.toFixed(1)} s`);
  ctx.metric("mail rate", `${Math.round(expected.size / drainS)} mails/s`);

  ctx.check("none lost", count.lost === 0, `${fmt(count.receivedUnique)} of ${fmt(count.expected)} arrived`);
  ctx.check("no duplicates", count.duplicates === 0, `${count.duplicates}`);
  ctx.check("no mail to anyone unexpected", count.unexpected === 0, `${count.unexpected}`);
  ctx.check(
    "each deadline fired once",
    fired!.n === messages.length && grants!.n === expected.size,
    `${fired!.n} firings for ${messages.length} messages, ${grants!.n} access grants`,
  );
  // Recipients' mails only: each release also mails its owner a notice, logged apart.
  ctx.check(
    "one sent attempt logged per mail",
    sent!.n === expected.size,
    `${sent!.n} sent attempts in reminder_delivery_log`,
  );
  ctx.check(
    "database: every release row and delivery sent",
    state.finalRows.sent === messages.length && state.releaseDeliveries.sent === expected.size,
    JSON.stringify(state),
  );
  ctx.check(
    "only the workers delivered (the web process runs no engine)",
    shares.every((s) => workers.some((w) => s.claimed_by?.split(":").includes(String(w.pid)))),
    share,
  );
  if (shares.length < 2 && workers.length > 1)
    ctx.log(
      "note: one worker took all the work this time (the burst fitted its claims); the drill still proves no duplicates",
    );
});

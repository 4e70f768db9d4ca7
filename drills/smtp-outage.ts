// Drill 3: the mail server is down when the deadlines pass, and comes back later.
// Proves: every release mail goes out once the mail server returns (fast-forwarding along the
// aggressive retry schedule), each failed attempt is logged (reminder_delivery_log, deliveries),
// and the owner sees the delay: GET /api/diagnostic/message/:id lists the failed attempts and
// the next retry.
// Usage: node --import tsx drills/smtp-outage.ts [--small]   (full: 1,000 deliveries; small: 100)
import net from "node:net";
import { countReleases } from "./support/count-mails.ts";
import { runDrill } from "./support/report.ts";
import { rows } from "./support/scratch-db.ts";
import { expectedReleaseKeys, seed } from "./support/seed.ts";
import { engineState, fmt, heartbeatWatch, settle, stage, untilAfter } from "./support/stage.ts";
import { waitUntil } from "./support/wait.ts";

/** docs/decisions/005: final deliveries retry after 10 s, 30 s, 1 min, 2 min, 5 min, then every 10 min. */
const AGGRESSIVE_DELAYS_MS = [10_000, 30_000, 60_000, 120_000, 300_000];
/** Attempts that fail while the mail server is down (it is down for 10 s + 30 s + 1 min + 2 min of retries). */
const FAILED_ATTEMPTS = 4;
/** Owners whose diagnostic page the drill reads (the route allows 60 a minute per client). */
const DIAGNOSTIC_SAMPLE = 10;

interface Diagnostic {
  schedule: {
    reminder_type: string;
    status: string;
    attempts: number;
    next_attempt_at: string;
    last_error: string | null;
  }[];
  deliveries: { delivery_status: "sent" | "failed"; error: string | null; recipient: string }[];
}

const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => (socket.destroy(), resolve(false)));
    socket.once("error", (err: NodeJS.ErrnoException) => resolve(err.code === "ECONNREFUSED"));
  });

await runDrill("drill 3: SMTP down, then back", async (ctx) => {
  const plan = ctx.small
    ? { tag: "smtp", owners: 2, messagesPerOwner: 10, recipientsPerOwner: 5, thresholdMinutes: () => 5 }
    : { tag: "smtp", owners: 4, messagesPerOwner: 25, recipientsPerOwner: 10, thresholdMinutes: () => 5 };
  const { db, sink, deployment } = await stage(ctx, "smtp");
  const server = await deployment.start({ name: "server", role: "all" });
  const { messages } = await seed(server.url, plan);
  const expected = expectedReleaseKeys(messages);
  ctx.log(`seeded ${messages.length} messages × ${plan.recipientsPerOwner} recipients`);

  await sink.stop();
  ctx.check("the mail server refuses connections", await refused(sink.port), `port ${sink.port}`);
  const downAt = performance.now();
  await server.advanceClock(
    untilAfter(
      messages.map((m) => m.deadline),
      server.offsetMs,
    ),
  );

  // Failed sends are quick (connection refused), so every tick is short: a minute without a beat is a stall.
  const ticking = heartbeatWatch(db, 60_000);
  const attemptsAtLeast = async (n: number) => {
    await ticking();
    const [r] = await rows<{ min: number; parked: number }>(
      db.pool,
      "select coalesce(min(attempts), 0)::int min, count(*) filter (where status = 'parked')::int parked from reminder_schedule where reminder_type = 'final_delivery'",
    );
    if (r!.parked > 0) throw new Error(`${r!.parked} rows were parked while the mail server was down`);
    return r!.min >= n;
  };
  const serverNow = async () =>
    Date.parse(((await (await fetch(`${server.url}/dev/clock`)).json()) as { now: string }).now);
  // Each step: wait for attempt n to fail everywhere, then fast-forward to the latest retry.
  for (let n = 1; n <= FAILED_ATTEMPTS; n++) {
    await waitUntil(`failed attempt ${n} of every release row`, () => attemptsAtLeast(n), {
      timeoutMs: 300_000,
      intervalMs: 250,
    });
    if (n === FAILED_ATTEMPTS) break;
    const [next] = await rows<{ at: Date }>(
      db.pool,
      "select max(next_attempt_at) at from reminder_schedule where reminder_type = 'final_delivery' and status = 'pending'",
    );
    await server.advanceClock(Math.max(1, next!.at.getTime() - (await serverNow()) + 1000));
  }
  ctx.log(`${FAILED_ATTEMPTS} failed attempts on every row; reading what the owners see`);

  // What the owner sees while the mail server is down.
  const now = await serverNow();
  // Spread over the owners (messages come owner by owner).
  const step = Math.max(1, Math.floor(messages.length / DIAGNOSTIC_SAMPLE));
  const sample = messages.filter((_, i) => i % step === 0).slice(0, DIAGNOSTIC_SAMPLE);
  const during = await Promise.all(
    sample.map(async (m) => ({ m, d: (await m.owner.api(`/api/diagnostic/message/${m.id}`)) as Diagnostic })),
  );
  const showsDelay = during.every(({ m, d }) => {
    const row = d.schedule.find((r) => r.reminder_type === "final_delivery");
    const failed = d.deliveries.filter((x) => x.delivery_status === "failed" && x.error);
    return (
      row &&
      row.status === "pending" &&
      row.attempts >= FAILED_ATTEMPTS &&
      Date.parse(row.next_attempt_at) > now &&
      /ECONNREFUSED/.test(row.last_error ?? "") &&
      failed.length >= FAILED_ATTEMPTS * m.recipients.length
    );
  });
  const example = during[0]!.d.schedule.find((r) => r.reminder_type === "final_delivery")!;
  ctx.check(
    `the owner's diagnostic shows the failed attempts and the next retry (${sample.length} messages)`,
    showsDelay,
    `e.g. status ${example.status}, ${example.attempts} attempts, next at ${example.next_attempt_at} (${Math.round((Date.parse(example.next_attempt_at) - now) / 1000)} s ahead), last error "${example.last_error?.slice(0, 60)}", ${during[0]!.d.deliveries.filter((x) => x.delivery_status === "failed").length} failed attempts listed`,
  );
  ctx.check("nothing reached anyone while the mail server was down", sink.mails.length === 0, `${sink.mails.length}`);

  // The mail server returns on the same port; fast-forward to the next retry.
  await sink.start();
  const downS = (performance.now() - downAt) / 1000;
  const [next] = await rows<{ at: Date }>(
    db.pool,
    "select max(next_attempt_at) at from reminder_schedule where reminder_type = 'final_delivery' and status = 'pending'",
  );
  await server.advanceClock(Math.max(1, next!.at.getTime() - (await serverNow()) + 1000));
  await waitUntil(
    "every release row sent after the mail server returned",
    async () => {
      await ticking();
      const s = await engineState(db);
      return s.finalRows.sent === messages.length && countReleases(sink.mails, expected).lost === 0;
    },
    { timeoutMs: 300_000, intervalMs: 250 },
  );
  await settle(sink, 3000);

  const count = countReleases(sink.mails, expected);
  const perDelivery = await rows<{ failed: number; sent: number; attempts: number; status: string; gaps: number[] }>(
    db.pool,
    `select count(*) filter (where l.delivery_status = 'failed')::int failed, count(*) filter (where l.delivery_status = 'sent')::int sent,
            d.attempts, d.status,
            array_agg(extract(epoch from l.created_at)::float8 * 1000 order by l.attempt) gaps
       from deliveries d join reminder_delivery_log l on l.delivery_id = d.id
      where d.kind = 'release' group by d.id`,
  );
  const logged = perDelivery.every(
    (d) => d.failed === FAILED_ATTEMPTS && d.sent === 1 && d.attempts === FAILED_ATTEMPTS + 1 && d.status === "sent",
  );
  // Attempt n+1 of a delivery comes no sooner than the policy's delay after attempt n.
  const spacingOk = perDelivery.every((d) =>
    d.gaps.slice(1).every((at, i) => at - d.gaps[i]! >= AGGRESSIVE_DELAYS_MS[i]! - 50),
  );
  const [failedTotal] = await rows<{ n: number }>(
    db.pool,
    "select count(*)::int n from reminder_delivery_log where delivery_status = 'failed'",
  );
  const after = await Promise.all(
    sample.map(async (m) => ({ m, d: (await m.owner.api(`/api/diagnostic/message/${m.id}`)) as Diagnostic })),
  );
  const showsRecovery = after.every(({ m, d }) => {
    const row = d.schedule.find((r) => r.reminder_type === "final_delivery");
    // The recipients' attempts; the owner's release notice is logged beside them.
    const toRecipients = d.deliveries.filter((x) => m.recipients.includes(x.recipient));
    const sent = toRecipients.filter((x) => x.delivery_status === "sent");
    return (
      row?.status === "sent" &&
      sent.length === m.recipients.length &&
      toRecipients.length === (FAILED_ATTEMPTS + 1) * m.recipients.length
    );
  });
  const state = await engineState(db);

  ctx.metric("expected release mails", expected.size);
  ctx.metric("received unique", count.receivedUnique);
  ctx.metric("lost", count.lost);
  ctx.metric("duplicates", count.duplicates);
  ctx.metric("failed attempts logged", failedTotal!.n);
  ctx.metric(
    "mail server down for (simulated: retries at +10 s, +30 s, +1 min, +2 min)",
    `${downS.toFixed(1)} s of real time`,
  );

  ctx.check("none lost", count.lost === 0, `${fmt(count.receivedUnique)} of ${fmt(count.expected)} arrived`);
  ctx.check("no duplicates", count.duplicates === 0, `${count.duplicates}`);
  ctx.check("no mail to anyone unexpected", count.unexpected === 0, `${count.unexpected}`);
  ctx.check(
    `every delivery logged ${FAILED_ATTEMPTS} failed attempts then one sent (reminder_delivery_log, deliveries.attempts)`,
    logged && perDelivery.length === expected.size,
    `${perDelivery.length} deliveries; e.g. ${JSON.stringify({ failed: perDelivery[0]?.failed, sent: perDelivery[0]?.sent, attempts: perDelivery[0]?.attempts })}`,
  );
  ctx.check(
    "attempts followed the retry schedule (10 s, 30 s, 1 min, …)",
    spacingOk,
    `e.g. gaps ${perDelivery[0]?.gaps
      .slice(1)
      .map((at, i) => `${((at - perDelivery[0]!.gaps[i]!) / 1000).toFixed(1)} s`)
      .join(", ")}`,
  );
  ctx.check(
    "the owner's diagnostic then shows the failures followed by the delivery",
    showsRecovery,
    `${sample.length} messages`,
  );
  ctx.check(
    "database: every release row and delivery sent",
    state.finalRows.sent === messages.length && state.releaseDeliveries.sent === expected.size,
    JSON.stringify(state),
  );
});

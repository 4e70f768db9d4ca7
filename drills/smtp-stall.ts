// Drill 5: a mail server that stalls — one that accepts TCP but never greets, and one that never
// answers the final "." after DATA (docs/decisions/012-engine-throughput-and-notices.md).
// Proves: no tick is held (releases are committed and the heartbeat beats while sends stall), no
// deadline is moved by the downtime guard (its threshold is set to its 10 s minimum here, so a
// held heartbeat would show), another owner's mail is not delayed beyond the per-send limit, a
// SIGTERM during stalled sends exits within 10 s and hands the claims back, every mail arrives
// once the server recovers, and an owner notice queued during a stall is retried, not dropped.
// Usage: node --import tsx drills/smtp-stall.ts [--small]
import { countReleases } from "./support/count-mails.ts";
import { runDrill } from "./support/report.ts";
import { createScratchDatabase, rows, type ScratchDatabase } from "./support/scratch-db.ts";
import { createDeployment } from "./support/server-process.ts";
import { expectedReleaseKeys, seed, type SeededMessage } from "./support/seed.ts";
import { startStallingSmtp, type StallingSmtp } from "./support/stalling-smtp.ts";
import { fmt, settle, untilAfter } from "./support/stage.ts";
import { sleep, waitUntil } from "./support/wait.ts";

const SEND_LIMIT_MS = 3_000;
const ENV = {
  SMTP_SEND_TIMEOUT_MS: String(SEND_LIMIT_MS),
  SMTP_STEP_TIMEOUT_MS: "1500",
  ENGINE_OUTAGE_THRESHOLD_MS: "10000",
};

/** Waits until every expected mail arrived and every final row of these messages is sent. */
async function drain(db: ScratchDatabase, smtp: StallingSmtp, messages: SeededMessage[], expected: Set<string>) {
  await waitUntil(
    "every mail at the mail server and every release row sent",
    async () => {
      const [r] = await rows<{ n: number }>(
        db.pool,
        "select count(*)::int n from reminder_schedule where reminder_type = 'final_delivery' and status = 'sent' and message_id = any($1::uuid[])",
        [messages.map((m) => m.id)],
      );
      return r!.n === messages.length && countReleases(smtp.mails, expected).lost === 0;
    },
    { timeoutMs: 300_000, intervalMs: 250 },
  );
}

await runDrill("drill 5: SMTP stalls (no greeting; no answer after DATA)", async (ctx) => {
  const db = await createScratchDatabase("stall");
  ctx.cleanup(() => db.drop());
  const smtp = await startStallingSmtp();
  ctx.cleanup(() => smtp.close());
  const deployment = createDeployment({ label: "stall", databaseUrl: db.url, smtpUrl: smtp.url });
  ctx.cleanup(() => deployment.shutdown());
  ctx.log(
    `database ${db.name}, stalling mail server ${smtp.url}, server logs in ${deployment.logDir}; per-send limit ${SEND_LIMIT_MS} ms`,
  );
  const size = ctx.small
    ? { owners: 3, messagesPerOwner: 2, recipientsPerOwner: 2 }
    : { owners: 10, messagesPerOwner: 2, recipientsPerOwner: 2 };
  let server = await deployment.start({ name: "server-1", role: "all", env: ENV });

  // ── 1. The server accepts TCP and never greets ──
  const first = await seed(server.url, { tag: "greet", ...size, thresholdMinutes: () => 5 });
  const firstExpected = expectedReleaseKeys(first.messages);
  smtp.stallGreeting = true;
  await server.advanceClock(
    untilAfter(
      first.messages.map((m) => m.deadline),
      server.offsetMs,
    ),
  );
  const dueAt = Date.now();
  // While every send stalls: the releases are committed and the heartbeat keeps beating.
  let lastBeat = 0;
  let beatChangedAt = Date.now();
  let longestSilenceMs = 0;
  let committedAfterMs: number | null = null;
  let mostHeld = 0;
  while (Date.now() - dueAt < 4 * SEND_LIMIT_MS) {
    const [b] = await rows<{ at: Date }>(db.pool, "select last_beat_at at from engine_heartbeat where id = 1");
    if (b && b.at.getTime() !== lastBeat) {
      lastBeat = b.at.getTime();
      beatChangedAt = Date.now();
    }
    longestSilenceMs = Math.max(longestSilenceMs, Date.now() - beatChangedAt);
    mostHeld = Math.max(mostHeld, smtp.held);
    if (committedAfterMs === null) {
      const [c] = await rows<{ n: number }>(
        db.pool,
        "select count(*)::int n from reminder_schedule where reminder_type = 'final_delivery' and released_at is not null and message_id = any($1::uuid[])",
        [first.messages.map((m) => m.id)],
      );
      if (c!.n === first.messages.length) committedAfterMs = Date.now() - dueAt;
    }
    await sleep(200);
  }
  const [failed] = await rows<{ n: number; sample: string | null }>(
    db.pool,
    "select count(*)::int n, min(error) sample from reminder_delivery_log where delivery_status = 'failed'",
  );
  ctx.metric("greeting stall: most connections held silent at once", mostHeld);
  ctx.metric(
    "greeting stall: every release committed after",
    committedAfterMs === null ? "not within the window" : `${(committedAfterMs / 1000).toFixed(1)} s`,
  );
  ctx.metric("greeting stall: longest heartbeat silence", `${(longestSilenceMs / 1000).toFixed(1)} s`);
  ctx.check(
    "the mail server really stalled (connections held, attempts failed on time)",
    smtp.mails.length === 0 && mostHeld > 0 && failed!.n > 0,
    `${failed!.n} failed attempts, e.g. "${failed!.sample ?? ""}"`,
  );
  ctx.check(
    "no tick held: every due release committed while the sends stalled",
    committedAfterMs !== null && committedAfterMs < 2 * SEND_LIMIT_MS + 5_000,
    `${committedAfterMs} ms`,
  );
  ctx.check(
    "the heartbeat beat on during the stall",
    longestSilenceMs < 8_000,
    `longest silence ${longestSilenceMs} ms (outage threshold 10 s)`,
  );
  smtp.stallGreeting = false;
  await server.advanceClock(60_000); // the retries (10 s, 30 s) are due
  await drain(db, smtp, first.messages, firstExpected);
  await settle(smtp, 1000);
  const firstCount = countReleases(smtp.mails, firstExpected);
  ctx.check(
    "after the greeting stall: every mail once",
    firstCount.lost === 0 && firstCount.duplicates === 0 && firstCount.unexpected === 0,
    `${firstCount.receivedUnique}/${firstCount.expected}, ${firstCount.duplicates} duplicates`,
  );

  // ── 2. The server never answers the final "." for one owner's recipients ──
  const second = await seed(server.url, { tag: "data", ...size, thresholdMinutes: () => 5 });
  const stalledOwner = second.owners[0]!;
  const stalled = new Set(stalledOwner.recipients.map((r) => r.email.toLowerCase()));
  smtp.stallData = (address) => stalled.has(address.toLowerCase());
  const others = second.messages.filter((m) => m.owner.index !== stalledOwner.index);
  const othersExpected = expectedReleaseKeys(others);
  const before = smtp.mails.length;
  await server.advanceClock(
    untilAfter(
      second.messages.map((m) => m.deadline),
      server.offsetMs,
    ),
  );
  const dataDueAt = Date.now();
  await waitUntil("every other owner's mail", () => countReleases(smtp.mails, othersExpected).lost === 0, {
    timeoutMs: 120_000,
    intervalMs: 50,
  });
  const othersLastMs =
    Math.max(
      ...smtp.mails
        .slice(before)
        .filter((m) => m.kind === "release")
        .map((m) => m.receivedAt),
    ) - dataDueAt;
  ctx.metric(
    "DATA stall: other owners' last mail after they fell due",
    `${(othersLastMs / 1000).toFixed(1)} s (per-send limit ${SEND_LIMIT_MS / 1000} s)`,
  );
  ctx.check(
    "no other owner's mail delayed beyond the per-send limit (plus a claim)",
    othersLastMs <= SEND_LIMIT_MS + 3_000,
    `${othersLastMs} ms`,
  );

  // SIGTERM while the stalled owner's sends hang: out within 10 s, claims handed back.
  await server.advanceClock(15_000); // their first attempts timed out; the retries are due
  await waitUntil("a send stalled after DATA", () => smtp.held > 0, { timeoutMs: 30_000, intervalMs: 50 });
  const stopAt = Date.now();
  await server.stop(30_000);
  const stopMs = Date.now() - stopAt;
  const [claimed] = await rows<{ n: number }>(
    db.pool,
    "select count(*)::int n from reminder_schedule where status = 'claimed'",
  );
  ctx.metric("SIGTERM with sends stalled after DATA: exit after", `${(stopMs / 1000).toFixed(1)} s`);
  ctx.check("SIGTERM with stalled sends exits within 10 s", stopMs <= 10_000, `${stopMs} ms`);
  ctx.check("…and hands every claim back", claimed!.n === 0, `${claimed!.n} rows still claimed`);

  smtp.stallData = () => false;
  server = await deployment.start({ name: "server-2", role: "all", offsetMs: server.offsetMs, env: ENV });
  await server.advanceClock(60_000);
  const secondExpected = expectedReleaseKeys(second.messages);
  await drain(db, smtp, second.messages, secondExpected);
  await settle(smtp, 1000);
  const secondCount = countReleases(smtp.mails.slice(before), secondExpected);
  ctx.check(
    "after the DATA stall: every mail arrived, none twice beyond the sends cut off in flight",
    secondCount.lost === 0 &&
      secondCount.unexpected === 0 &&
      secondCount.duplicates <= stalled.size * size.messagesPerOwner,
    `${secondCount.receivedUnique}/${secondCount.expected}, ${secondCount.duplicates} duplicates`,
  );

  const [early] = await rows<{ n: number }>(
    db.pool,
    "select count(*)::int n from deliveries where kind = 'notice' and idempotency_key like 'notice:outage:%'",
  );
  ctx.check(
    "no deadline moved by the guard during the stalls (no outage seen)",
    early!.n === 0,
    `${early!.n} outage notices`,
  );

  // ── 3. Our outage while the mail server stalls: the owners' notices wait and are retried ──
  const third = await seed(server.url, {
    tag: "notice",
    owners: 2,
    messagesPerOwner: 1,
    recipientsPerOwner: 1,
    thresholdMinutes: () => 60,
  });
  await server.stop();
  smtp.stallGreeting = true;
  server = await deployment.start({ name: "server-3", role: "all", offsetMs: server.offsetMs + 40 * 60_000, env: ENV });
  const outageKeys =
    "select status, attempts, last_error from deliveries where kind = 'notice' and idempotency_key like 'notice:outage:%'";
  const retried = await waitUntil(
    "both outage notices failed once and waiting for their retry",
    async () => {
      const r = await rows<{ status: string; attempts: number; last_error: string | null }>(db.pool, outageKeys);
      return r.length === 2 && r.every((n) => n.status === "pending" && n.attempts >= 1 && n.last_error) ? r : false;
    },
    { timeoutMs: 60_000, intervalMs: 250 },
  );
  ctx.check(
    "outage notices queued during the stall are kept for a retry, not dropped",
    retried.length === 2,
    `e.g. "${retried[0]!.last_error}"`,
  );
  smtp.stallGreeting = false;
  await server.advanceClock(60_000);
  await waitUntil("one outage notice per owner", () => smtp.mails.filter((m) => m.kind === "outage").length >= 2, {
    timeoutMs: 60_000,
    intervalMs: 100,
  });
  await settle(smtp, 1500);
  const outageMails = smtp.mails.filter((m) => m.kind === "outage").map((m) => m.to);
  ctx.check(
    "each owner got exactly one outage notice after the mail server recovered",
    outageMails.length === 2 &&
      new Set(outageMails).size === 2 &&
      third.owners.every((o) => outageMails.includes(o.email.toLowerCase())),
    outageMails.join(", "),
  );
  ctx.metric("mails received", fmt(smtp.mails.length));
});

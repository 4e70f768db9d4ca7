// Drill 4: every server stopped across deadlines for 2 hours, then started again 2 hours later.
// Proves: our outage releases nothing (no recipient mail at all), each owner gets one "Our outage
// moved your deadlines" mail, each deadline inside the outage (or within one outage length after
// it) is moved by the outage length while a later one is not, nothing goes out before a moved
// deadline, and after it every message goes out exactly once.
// Usage: node --import tsx drills/our-outage.ts [--small]   (full: 20 owners, 100 messages; small: 4 owners, 16 messages)
import { countReleases } from "./support/count-mails.ts";
import { runDrill } from "./support/report.ts";
import { rows } from "./support/scratch-db.ts";
import { expectedReleaseKeys, seed, type SeededMessage } from "./support/seed.ts";
import { fmt, settle, stage } from "./support/stage.ts";
import { waitUntil } from "./support/wait.ts";

const OUTAGE_MS = 2 * 3_600_000;
/** no_check_in thresholds (minutes) per message: inside the outage, just after it, and well after (control). */
const FULL_THRESHOLDS = [30, 60, 90, 150, 600];
const SMALL_THRESHOLDS = [30, 90, 150, 600];
/** The guard moves deadlines in [last beat, restart + outage length] (docs/decisions/005). */
const movedByGuard = (thresholdMin: number) => thresholdMin * 60_000 <= 2 * OUTAGE_MS;

interface ConditionDto {
  id: string;
  next_deadline: string | null;
}

await runDrill("drill 4: our outage across deadlines", async (ctx) => {
  const thresholds = ctx.small ? SMALL_THRESHOLDS : FULL_THRESHOLDS;
  const plan = {
    tag: "outage",
    owners: ctx.small ? 4 : 20,
    messagesPerOwner: thresholds.length,
    recipientsPerOwner: ctx.small ? 2 : 5,
    thresholdMinutes: (_o: number, m: number) => thresholds[m]!,
  };
  const { db, sink, deployment } = await stage(ctx, "outage");
  const first = await deployment.start({ name: "server-1", role: "all" });
  const { owners, messages } = await seed(first.url, plan);
  const thresholdOf = (m: SeededMessage) => thresholds[messages.filter((x) => x.owner === m.owner).indexOf(m)]!;
  const moved = messages.filter((m) => movedByGuard(thresholdOf(m)));
  const control = messages.filter((m) => !movedByGuard(thresholdOf(m)));
  ctx.log(
    `seeded ${owners.length} owners × ${plan.messagesPerOwner} messages (thresholds ${thresholds.join(", ")} min) × ${plan.recipientsPerOwner} recipients`,
  );

  // Every process stops; nothing runs for two hours.
  await waitUntil(
    "a first engine heartbeat",
    async () => (await rows(db.pool, "select 1 from engine_heartbeat")).length > 0,
    { timeoutMs: 60_000 },
  );
  const stopped = performance.now();
  await first.stop();
  const [beat] = await rows<{ at: Date }>(db.pool, "select last_beat_at at from engine_heartbeat");
  const second = await deployment.start({ name: "server-2", role: "all", offsetMs: first.offsetMs + OUTAGE_MS });
  const realDownMs = performance.now() - stopped;
  for (const o of owners) o.base = second.url;
  ctx.log(
    `stopped ${first.name} at heartbeat ${beat!.at.toISOString()}, started ${second.name} ${OUTAGE_MS / 3_600_000} h ahead (${(realDownMs / 1000).toFixed(1)} s of real time later)`,
  );

  // The guard runs on the first tick: one mail per owner. Then a few more ticks must release nothing.
  const outageMails = () => sink.mails.filter((m) => m.kind === "outage");
  await waitUntil("an outage mail to every owner", () => outageMails().length >= owners.length, {
    timeoutMs: 120_000,
    intervalMs: 200,
  });
  const beatsAfter = new Set<number>();
  await waitUntil(
    "three more engine ticks",
    async () => {
      const [b] = await rows<{ at: Date }>(db.pool, "select last_beat_at at from engine_heartbeat");
      beatsAfter.add(b!.at.getTime());
      return beatsAfter.size >= 4;
    },
    { timeoutMs: 120_000, intervalMs: 200 },
  );
  const releasedAtRestart = sink.mails.filter((m) => m.kind === "release" || m.kind === "release_notice").length;
  const [grantsAtRestart] = await rows<{ n: number }>(db.pool, "select count(*)::int n from access_grants");

  // Deadlines before (the API's answer at creation) and after (the API now), and the stored shift.
  const after = new Map<string, string | null>();
  for (const o of owners)
    for (const c of (await o.api("/api/conditions")) as ConditionDto[]) after.set(c.id, c.next_deadline);
  const shifts = new Map(
    (
      await rows<{ id: string; ms: string }>(db.pool, "select id, deadline_shift_ms::text ms from message_conditions")
    ).map((r) => [r.id, Number(r.ms)]),
  );
  const shiftOf = (m: SeededMessage) => Date.parse(after.get(m.conditionId) ?? "") - Date.parse(m.deadline);
  const gapMs = shifts.get(moved[0]!.conditionId) ?? 0;
  const movedOk = moved.every((m) => shiftOf(m) === gapMs && shifts.get(m.conditionId) === gapMs);
  const controlOk = control.every((m) => shiftOf(m) === 0);
  const gapPlausible = gapMs >= OUTAGE_MS && gapMs <= OUTAGE_MS + realDownMs + 120_000;

  console.log("  deadlines of owner 0 (before → after the outage):");
  for (const m of messages.filter((x) => x.owner === owners[0])) {
    console.log(
      `    ${String(thresholdOf(m)).padStart(3)} min threshold: ${m.deadline} → ${after.get(m.conditionId)}  (${shiftOf(m) === 0 ? "not moved" : `moved ${(shiftOf(m) / 60_000).toFixed(2)} min`})`,
    );
  }

  const perOwner = new Map<string, number>();
  for (const m of outageMails()) perOwner.set(m.to, (perOwner.get(m.to) ?? 0) + 1);
  ctx.check(
    "no recipient mail at all after the restart (no false release)",
    releasedAtRestart === 0 && grantsAtRestart!.n === 0,
    `${releasedAtRestart} release mails, ${grantsAtRestart!.n} access grants`,
  );
  ctx.check(
    "each owner got exactly one outage mail",
    owners.every((o) => perOwner.get(o.email) === 1) && outageMails().length === owners.length,
    `${outageMails().length} outage mails for ${owners.length} owners`,
  );
  ctx.check(
    "the shift is the outage's length",
    gapPlausible,
    `${(gapMs / 60_000).toFixed(2)} min for a ${OUTAGE_MS / 60_000} min outage plus ${(realDownMs / 1000).toFixed(1)} s of real restart time`,
  );
  ctx.check(
    `every deadline in the outage window moved by it (${moved.length} conditions)`,
    movedOk,
    moved
      .filter((m) => shiftOf(m) !== gapMs)
      .slice(0, 3)
      .map((m) => `${thresholdOf(m)} min: ${shiftOf(m)} ms`)
      .join(", "),
  );
  ctx.check(
    `deadlines beyond the window kept (${control.length} conditions)`,
    controlOk,
    control
      .filter((m) => shiftOf(m) !== 0)
      .slice(0, 3)
      .map((m) => `${thresholdOf(m)} min: ${shiftOf(m)} ms`)
      .join(", "),
  );

  // Nothing before the moved deadlines…
  const movedDeadlines = moved.map((m) => Date.parse(after.get(m.conditionId)!));
  const earliest = Math.min(...movedDeadlines);
  const latest = Math.max(...movedDeadlines);
  await second.advanceClock(earliest - (Date.now() + second.offsetMs) - 60_000);
  const beatsBefore = new Set<number>();
  await waitUntil(
    "three engine ticks just before the earliest moved deadline",
    async () => {
      const [b] = await rows<{ at: Date }>(db.pool, "select last_beat_at at from engine_heartbeat");
      beatsBefore.add(b!.at.getTime());
      return beatsBefore.size >= 4;
    },
    { timeoutMs: 120_000, intervalMs: 200 },
  );
  const earlyReleases = sink.mails.filter((m) => m.kind === "release").length;
  ctx.check("nothing released a minute before the earliest moved deadline", earlyReleases === 0, `${earlyReleases}`);

  // …and every moved message exactly once after them; the control ones are still ahead.
  await second.advanceClock(latest - (Date.now() + second.offsetMs) + 30_000);
  const expected = expectedReleaseKeys(moved);
  await waitUntil("every moved message released", () => countReleases(sink.mails, expected).lost === 0, {
    timeoutMs: 300_000,
    intervalMs: 250,
  });
  await settle(sink, 3000);
  const count = countReleases(sink.mails, expected);
  ctx.check(
    "after the moved deadlines, every message went out exactly once",
    count.lost === 0 && count.duplicates === 0,
    `${fmt(count.receivedUnique)} of ${fmt(count.expected)}, ${count.duplicates} duplicates`,
  );
  ctx.check(
    "none went out for the deadlines still ahead",
    count.unexpected === 0,
    `${count.unexpected} unexpected release mails`,
  );

  ctx.metric("owners", owners.length);
  ctx.metric("conditions moved / kept", `${moved.length} / ${control.length}`);
  ctx.metric("outage (heartbeat gap) and shift", `${(gapMs / 60_000).toFixed(2)} min`);
  ctx.metric("recipient mails at restart", releasedAtRestart);
  ctx.metric("outage mails", outageMails().length);
  ctx.metric("recipient mails after the moved deadlines (expected)", `${count.receivedUnique} (${count.expected})`);
});

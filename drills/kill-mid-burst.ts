// Drill 1: kill -9 in the middle of a delivery burst, restart, let the leases run out.
// Proves: no release mail is lost, and the only duplicates are mails that had reached the mail
// server but were not yet marked sent when the process died (at most the in-flight batch).
// Usage: node --import tsx drills/kill-mid-burst.ts [--small]   (full: 10,000 deliveries; small: 1,000)
import { countReleases } from "./support/count-mails.ts";
import { seedAndKillMidBurst } from "./support/kill-mid-burst.ts";
import { runDrill } from "./support/report.ts";
import { rows } from "./support/scratch-db.ts";
import { drainReleases, engineState, fmt, settle, stage } from "./support/stage.ts";

const LEASE_MS = 5 * 60_000;

await runDrill("drill 1: kill -9 mid-burst", async (ctx) => {
  const owners = ctx.small ? 2 : 20;
  const plan = { tag: "kill", owners, messagesPerOwner: 25, recipientsPerOwner: 20, thresholdMinutes: () => 5 };
  const { db, sink, deployment } = await stage(ctx, "kill");
  const first = await deployment.start({ name: "server-1", role: "all" });

  const {
    messages,
    expected,
    burstStart: t,
    killAfterS,
    receivedAtKill,
  } = await seedAndKillMidBurst(ctx, { sink, first, plan });

  // What the dead process held: its claimed rows, and their deliveries not marked sent.
  const held = await rows<{ id: string }>(db.pool, "select id from reminder_schedule where status = 'claimed'");
  const [inFlight] = await rows<{ n: number }>(
    db.pool,
    "select count(*)::int n from deliveries where status = 'pending' and reminder_id = any($1::uuid[])",
    [held.map((h) => h.id)],
  );
  const unmarked = await rows<{ message_id: string; address: string }>(
    db.pool,
    "select s.message_id, d.address from deliveries d join reminder_schedule s on s.id = d.reminder_id where d.kind = 'release' and d.status = 'pending'",
  );
  const sentButUnmarked = new Set(
    unmarked.map((u) => `${u.message_id} ${u.address.toLowerCase()}`).filter((k) => receivedAtKill.has(k)),
  );
  ctx.log(
    `killed ${first.name} (pid ${first.pid}) after ${killAfterS.toFixed(1)} s with ${fmt(receivedAtKill.size)} mails out; it held ${held.length} rows, ${inFlight!.n} deliveries not marked sent, ${sentButUnmarked.size} of them already at the mail server`,
  );

  // Restart on the same clock; the dead claims are held until their lease runs out.
  const second = await deployment.start({ name: "server-2", role: "all", offsetMs: first.offsetMs });
  ctx.log(`restarted as ${second.name}; fast-forwarding past the ${LEASE_MS / 60_000}-minute lease`);
  await second.advanceClock(LEASE_MS + 30_000);
  await drainReleases({ db, sink, messageCount: messages.length, expected, timeoutMs: 900_000 });
  const totalS = (performance.now() - t) / 1000;
  await settle(sink, 3000);

  const count = countReleases(sink.mails, expected);
  const duplicatedKeys = [...count.arrivals].filter(([, n]) => n > 1).map(([k]) => k);
  const [fired] = await rows<{ n: number }>(
    db.pool,
    "select count(*)::int n from sent_reminders where kind = 'final_delivery'",
  );
  const [grants] = await rows<{ n: number }>(db.pool, "select count(*)::int n from access_grants");
  const state = await engineState(db);

  ctx.metric("received unique", count.receivedUnique);
  ctx.metric("lost", count.lost);
  ctx.metric("duplicates", count.duplicates);
  ctx.metric("in-flight batch (rows held by the killed process)", held.length);
  ctx.metric("in-flight batch (their deliveries not marked sent)", inFlight!.n);
  ctx.metric("at the mail server but not marked sent at the kill", sentButUnmarked.size);
  ctx.metric("mails out before the kill", receivedAtKill.size);
  ctx.metric("burst to last mail (incl. restart and lease expiry)", `${totalS.toFixed(1)} s`);

  ctx.check(
    "the kill came mid-burst",
    receivedAtKill.size > 0 && receivedAtKill.size < expected.size,
    `${fmt(receivedAtKill.size)} of ${fmt(expected.size)} out`,
  );
  ctx.check("none lost", count.lost === 0, `${fmt(count.receivedUnique)} of ${fmt(count.expected)} arrived`);
  ctx.check("no mail to anyone unexpected", count.unexpected === 0, `${count.unexpected}`);
  ctx.check(
    "duplicates at most the in-flight batch",
    count.duplicates <= inFlight!.n,
    `${count.duplicates} ≤ ${inFlight!.n}`,
  );
  ctx.check(
    "every duplicate had reached the mail server but was not marked sent when the process died",
    duplicatedKeys.every((k) => sentButUnmarked.has(k)),
    duplicatedKeys
      .filter((k) => !sentButUnmarked.has(k))
      .slice(0, 3)
      .join(", "),
  );
  ctx.check(
    "each deadline fired once",
    fired!.n === messages.length && grants!.n === expected.size,
    `${fired!.n} firings for ${messages.length} messages, ${grants!.n} access grants for ${expected.size} recipients`,
  );
  ctx.check(
    "database: every release row and delivery sent",
    state.finalRows.sent === messages.length && state.releaseDeliveries.sent === expected.size,
    JSON.stringify(state),
  );
});

// Drill: kill -9 of the server and its embedded PostgreSQL together in the middle of a delivery
// burst on the embedded default (no DATABASE_URL), restart on the same DATA_DIR, let the leases run
// out. The PostgreSQL drill 1 (kill-mid-burst.ts) on the database `npm install && npm start` gives everyone.
// Proves: the database survives the kill (the next process takes over the dead one's lock, and
// PostgreSQL replays its WAL), no release mail is lost, and the only duplicates are mails that had reached the
// mail server but were not yet marked sent when the process died (at most the in-flight batch).
// Usage: node --import tsx drills/embedded-kill-mid-burst.ts [--small]   (full: 10,000 deliveries; small: 1,000)
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../server/src/db/connect.ts";
import { countReleases } from "./support/count-mails.ts";
import { killServerAndDatabase, readLock, stageEmbedded, withEmbeddedDatabase } from "./support/embedded.ts";
import { seedAndKillMidBurst } from "./support/kill-mid-burst.ts";
import { runDrill } from "./support/report.ts";
import { fmt, settle } from "./support/stage.ts";
import { waitUntil } from "./support/wait.ts";

const LEASE_MS = 5 * 60_000;

async function rows<T>(database: Database, query: SQL): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

await runDrill("embedded: kill -9 of the server and its PostgreSQL mid-burst", async (ctx) => {
  const owners = ctx.small ? 2 : 20;
  const plan = { tag: "ekill", owners, messagesPerOwner: 25, recipientsPerOwner: 20, thresholdMinutes: () => 5 };
  const { sink, deployment } = await stageEmbedded(ctx, "embedded-kill");
  const first = await deployment.start({ name: "server-1", role: "all" });

  const {
    messages,
    expected,
    burstStart: t,
    killAfterS,
    receivedAtKill,
  } = await seedAndKillMidBurst(ctx, {
    sink,
    first,
    plan,
    kill: () => killServerAndDatabase(deployment.dataDir, first),
  });
  ctx.check(
    "the killed process left its lock behind (a stale lock to take over)",
    readLock(deployment.dataDir)?.pid === first.pid,
  );

  // What the dead process held, read from the database itself (no server has it open now).
  const atKill = await withEmbeddedDatabase(deployment.dataDir, async (database) => {
    const held = await rows<{ id: string }>(database, sql`select id from reminder_schedule where status = 'claimed'`);
    const ids = held.map((h) => h.id);
    const [inFlight] = ids.length
      ? await rows<{ n: number }>(
          database,
          sql`select count(*)::int n from deliveries where status = 'pending' and reminder_id in ${ids}`,
        )
      : [{ n: 0 }];
    const unmarked = await rows<{ message_id: string; address: string }>(
      database,
      sql`select s.message_id, d.address from deliveries d join reminder_schedule s on s.id = d.reminder_id where d.kind = 'release' and d.status = 'pending'`,
    );
    return { held: held.length, inFlight: inFlight!.n, unmarked };
  });
  const sentButUnmarked = new Set(
    atKill.unmarked.map((u) => `${u.message_id} ${u.address.toLowerCase()}`).filter((k) => receivedAtKill.has(k)),
  );
  ctx.log(
    `killed ${first.name} (pid ${first.pid}) after ${killAfterS.toFixed(1)} s with ${fmt(receivedAtKill.size)} mails out; it held ${atKill.held} rows, ${atKill.inFlight} deliveries not marked sent, ${sentButUnmarked.size} of them already at the mail server`,
  );

  const second = await deployment.start({ name: "server-2", role: "all", offsetMs: first.offsetMs });
  ctx.check("the restart took over the dead process's lock", readLock(deployment.dataDir)?.pid === second.pid);
  await second.advanceClock(LEASE_MS + 30_000);
  await waitUntil("every release at the mail server", () => countReleases(sink.mails, expected).lost === 0, {
    timeoutMs: 900_000,
    intervalMs: 200,
  });
  const totalS = (performance.now() - t) / 1000;
  await settle(sink, 3000);
  await second.stop();

  const count = countReleases(sink.mails, expected);
  const duplicatedKeys = [...count.arrivals].filter(([, n]) => n > 1).map(([k]) => k);
  const end = await withEmbeddedDatabase(deployment.dataDir, async (database) => {
    const [fired] = await rows<{ n: number }>(
      database,
      sql`select count(*)::int n from sent_reminders where kind = 'final_delivery'`,
    );
    const [grants] = await rows<{ n: number }>(database, sql`select count(*)::int n from access_grants`);
    const finals = await rows<{ status: string; n: number }>(
      database,
      sql`select status, count(*)::int n from reminder_schedule where reminder_type = 'final_delivery' group by status`,
    );
    const deliveries = await rows<{ status: string; n: number }>(
      database,
      sql`select status, count(*)::int n from deliveries where kind = 'release' group by status`,
    );
    return {
      fired: fired!.n,
      grants: grants!.n,
      finalRows: Object.fromEntries(finals.map((r) => [r.status, r.n])),
      releaseDeliveries: Object.fromEntries(deliveries.map((r) => [r.status, r.n])),
    };
  });

  ctx.metric("received unique", count.receivedUnique);
  ctx.metric("lost", count.lost);
  ctx.metric("duplicates", count.duplicates);
  ctx.metric("in-flight batch (rows held by the killed process)", atKill.held);
  ctx.metric("in-flight batch (their deliveries not marked sent)", atKill.inFlight);
  ctx.metric("at the mail server but not marked sent at the kill", sentButUnmarked.size);
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
    count.duplicates <= atKill.inFlight,
    `${count.duplicates} ≤ ${atKill.inFlight}`,
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
    end.fired === messages.length && end.grants === expected.size,
    `${end.fired} firings for ${messages.length} messages, ${end.grants} access grants for ${expected.size} recipients`,
  );
  ctx.check(
    "database: every release row and delivery sent",
    end.finalRows.sent === messages.length && end.releaseDeliveries.sent === expected.size,
    JSON.stringify(end),
  );
});

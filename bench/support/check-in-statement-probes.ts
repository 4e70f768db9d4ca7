// The check-in statement on the database alone, through pgbench like the single-row UPDATE it is
// compared with: the ceiling any HTTP server in front of it could reach, and probes of where its
// cost goes. Probes, not product paths.
import type pg from "pg";
import { walBytesSince, walLsn, type PgbenchRun } from "./pgbench.ts";

export async function probeCheckInStatement({
  pool,
  pgbench,
  owners,
  updateTps,
  shortSeconds,
  moveHistoryAnHourBack,
}: {
  pool: pg.Pool;
  /** pgbench on the bench's database with its clients; `seconds` shortens a probe. */
  pgbench: (name: string, body: string, seconds?: number) => PgbenchRun;
  owners: number;
  /** pgbench's single-row UPDATE in the same run: every figure is a share of it. */
  updateTps: number;
  /** How long the NOTIFY and trigger probes run. */
  shortSeconds: number;
  /** Puts each owner's last check-in an hour back again, as the API's runs found it. */
  moveHistoryAnHourBack: () => Promise<void>;
}): Promise<void> {
  const pct = (x: number) => `${((100 * x) / updateTps).toFixed(0)} %`;
  const withWal = async (name: string, body: string) => {
    const before = await walLsn(pool);
    const run = pgbench(name, body);
    return { ...run, walKiB: (await walBytesSince(pool, before)) / run.transactions / 1024 };
  };
  await pool.query("create table bench_owners as select row_number() over (order by id)::int as n, id from users");
  await pool.query("alter table bench_owners add primary key (n)");
  const owner = `\\set n random(1, ${owners})\n`;
  const ownerId = "(SELECT id FROM bench_owners WHERE n = :n)";
  const checkInScript = `${owner}SELECT * FROM check_in(${ownerId}, now());\n`;

  const statement = await withWal("check-in", checkInScript);
  console.log(
    `pgbench check_in statement alone: ${statement.tps.toFixed(0)} TPS, latency average ${statement.latencyMs} ms — ${pct(statement.tps)} of the UPDATE; WAL ${statement.walKiB.toFixed(1)} KiB per check-in`,
  );
  // The statement when it rewrites the schedule (each owner's first check-in after sign-up, one
  // within a lease of the last rewrite, one dated in the past): p_rewrite_all takes that path on
  // every call. Then the owners' history goes back an hour again for what follows.
  const rewrite = await withWal("check-in-rewrite", `${owner}SELECT * FROM check_in(${ownerId}, now(), true);\n`);
  console.log(
    `  probe: the statement when it rewrites the schedule: ${rewrite.tps.toFixed(0)} TPS, ${pct(rewrite.tps)} of the UPDATE; WAL ${rewrite.walKiB.toFixed(1)} KiB per check-in`,
  );
  await moveHistoryAnHourBack();

  // What the realtime NOTIFY costs (decision 006's trigger announces every check-in): a notifying transaction holds a
  // cluster-wide lock through its commit, so such transactions commit one at a time.
  const shortTps = (name: string, body: string) => pgbench(name, body, shortSeconds).tps;
  const notifyTps = shortTps(
    "update-notify",
    "\\set aid random(1, 100000 * :scale)\nBEGIN;\nUPDATE pgbench_accounts SET abalance = abalance + 1 WHERE aid = :aid;\nSELECT pg_notify('bench_probe', :aid::text);\nEND;\n",
  );
  // What the check-in would cost if it wrote only its conditions (the schedule derived later, not
  // rewritten), with its realtime trigger and without.
  const conditionsOnly = `${owner}UPDATE message_conditions SET last_checked = now(), updated_at = now() WHERE user_id = ${ownerId} AND active AND condition_type IN ('no_check_in', 'recurring_check_in', 'inactivity_to_date');\n`;
  const conditionsOnlyTps = shortTps("check-in-conditions-only", conditionsOnly);
  await pool.query("alter table message_conditions disable trigger message_conditions_notify_update");
  const quietTps = shortTps("check-in-quiet", checkInScript);
  const conditionsOnlyQuietTps = shortTps("check-in-conditions-only-quiet", conditionsOnly);
  await pool.query("alter table message_conditions enable trigger message_conditions_notify_update");
  console.log(
    `  probe: the conditions' UPDATE alone, without the schedule rewrite, ${conditionsOnlyTps.toFixed(0)} TPS (${pct(conditionsOnlyTps)} of the UPDATE); with the realtime trigger disabled too ${conditionsOnlyQuietTps.toFixed(0)} TPS (${pct(conditionsOnlyQuietTps)})`,
  );
  console.log(
    `  probes: single-row UPDATE + pg_notify ${notifyTps.toFixed(0)} TPS (${pct(notifyTps)} of the UPDATE); ` +
      `check_in with the realtime trigger disabled ${quietTps.toFixed(0)} TPS (${pct(quietTps)})`,
  );
}

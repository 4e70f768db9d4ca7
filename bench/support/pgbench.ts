// pgbench with a custom script on the benchmark's database, and the WAL a run writes.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type pg from "pg";

export interface PgbenchRun {
  tps: number;
  latencyMs: string;
  transactions: number;
}

/** Runs `body` as pgbench's script (written to `dir/name.sql`), `clients` at a time for `seconds`. */
export function runPgbench(opts: {
  name: string;
  body: string;
  dir: string;
  clients: number;
  seconds: number;
  conn: string[];
  dbName: string;
}): PgbenchRun {
  const file = path.join(opts.dir, `${opts.name}.sql`);
  fs.writeFileSync(file, opts.body);
  const args = ["-n", "-c", String(opts.clients), "-j", "2", "-T", String(opts.seconds), "-f", file];
  const out = spawnSync("pgbench", [...args, ...opts.conn, opts.dbName], { encoding: "utf8" });
  const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(out.stdout)?.[1]);
  if (!Number.isFinite(tps)) throw new Error(`pgbench ${opts.name} failed: ${out.stderr}`);
  return {
    tps,
    latencyMs: /latency average = ([\d.]+) ms/.exec(out.stdout)?.[1] ?? "?",
    transactions: Number(/number of transactions actually processed: (\d+)/.exec(out.stdout)?.[1]),
  };
}

export async function walLsn(pool: pg.Pool): Promise<string> {
  return (await pool.query<{ lsn: string }>("select pg_current_wal_lsn()::text lsn")).rows[0]!.lsn;
}

/** Bytes of WAL written since `lsn` (by the whole server: run nothing else meanwhile). */
export async function walBytesSince(pool: pg.Pool, lsn: string): Promise<number> {
  const { rows } = await pool.query<{ bytes: string }>("select pg_wal_lsn_diff(pg_current_wal_lsn(), $1)::text bytes", [
    lsn,
  ]);
  return Number(rows[0]!.bytes);
}

// A throwaway PostgreSQL database for one benchmark run, migrated like the server's.
import pg from "pg";
import { connect, type Database } from "../../server/src/db/connect.ts";

/** The server benchmarks need; BENCH_DATABASE_URL points at any database on it (default the local `test`). */
export const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** True when a PostgreSQL server answers at `adminUrl` (benchmarks skip cleanly when it does not). */
export async function postgresAvailable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

export async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Creates `bench_<name>_<pid>`, returns its URL, a migrated connection and `drop()`. */
export async function scratchDatabase(name: string): Promise<{ url: string; database: Database; pool: pg.Pool; drop(): Promise<void> }> {
  const dbName = `bench_${name}_${process.pid}`;
  await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await adminQuery(`CREATE DATABASE ${dbName}`);
  const u = new URL(adminUrl);
  u.pathname = `/${dbName}`;
  const url = u.toString();
  const database = await connect({ url, dataDir: "unused" });
  // A second pool for bulk seeding and measuring, apart from the one the code under test uses.
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  let dropped = false;
  return {
    url,
    database,
    pool,
    async drop() {
      if (dropped) return;
      dropped = true;
      await pool.end().catch(() => {});
      await database.close().catch(() => {});
      await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    },
  };
}

/** Percentile of an ascending list (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

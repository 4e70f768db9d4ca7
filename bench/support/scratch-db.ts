// A throwaway PostgreSQL database for one benchmark run, migrated like the server's.
import pg from "pg";
import { connect, type Database } from "../../server/src/db/connect.ts";
import { createScratchDatabase, postgresAvailable as answers } from "../../server/test/support/scratch-database.ts";

/** The server benchmarks need; BENCH_DATABASE_URL points at any database on it (default the local `test`). */
export const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** True when a PostgreSQL server answers at `adminUrl` (benchmarks skip cleanly when it does not). */
export const postgresAvailable = () => answers(adminUrl);

/** Creates `bench_<name>_<random>`, returns its URL, a migrated connection and `drop()`. */
export async function scratchDatabase(
  name: string,
): Promise<{ url: string; database: Database; pool: pg.Pool; drop(): Promise<void> }> {
  const scratch = await createScratchDatabase(adminUrl, `bench_${name}`);
  const database = await connect({ url: scratch.url, dataDir: "unused" });
  // A second pool for bulk seeding and measuring, apart from the one the code under test uses.
  const pool = new pg.Pool({ connectionString: scratch.url, max: 4 });
  // pool.end() resolves before its clients have closed; the DROP … WITH (FORCE) that follows can
  // terminate one mid-close, and an unhandled pool 'error' would end the benchmark.
  pool.on("error", () => {});
  let dropped = false;
  return {
    url: scratch.url,
    database,
    pool,
    async drop() {
      if (dropped) return;
      dropped = true;
      await pool.end().catch(() => {});
      await database.close().catch(() => {});
      await scratch.drop();
    },
  };
}

/** Percentile of an ascending list (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

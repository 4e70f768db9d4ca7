import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * Throwaway databases on a PostgreSQL server, for the test suites (TEST_DATABASE_URL), the
 * benchmarks and the drills: one way to create and drop them. `serverUrl` names any database
 * on that server; the new one is created beside it.
 */

/** True when a PostgreSQL server answers at `serverUrl` (callers skip cleanly when it does not). */
export async function postgresAvailable(serverUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 2000 });
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

async function adminQuery(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export interface ScratchDatabaseHandle {
  name: string;
  url: string;
  /** Drops it, closing whatever is still connected (safe to call twice). */
  drop(): Promise<void>;
}

/** An empty database named `<prefix>_<random>`; `prefix` must be a plain identifier. */
export async function createScratchDatabase(serverUrl: string, prefix: string): Promise<ScratchDatabaseHandle> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    name,
    url: url.toString(),
    async drop() {
      if (dropped) return;
      dropped = true;
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

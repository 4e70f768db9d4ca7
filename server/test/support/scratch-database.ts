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

async function adminQuery(serverUrl: string, sql: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await client.query(sql, values);
  } finally {
    await client.end();
  }
}

/**
 * DROP … WITH (FORCE) ends the database's sessions but refuses while a logical replication slot is
 * active on it: a live-updates relay still open (docs/decisions/042). Its temporary slot goes with
 * its connection, so end those first and wait until the slots are gone.
 */
async function endReplication(serverUrl: string, name: string): Promise<void> {
  for (const until = Date.now() + 10_000; Date.now() < until;) {
    const { rows } = await adminQuery(
      serverUrl,
      "select pg_terminate_backend(active_pid) from pg_replication_slots where database = $1 and active_pid is not null",
      [name],
    );
    const left = await adminQuery(serverUrl, "select 1 from pg_replication_slots where database = $1", [name]);
    if (rows.length === 0 && left.rowCount === 0) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

export interface ScratchDatabaseHandle {
  name: string;
  url: string;
  /** Drops it, closing whatever is still connected (safe to call twice). */
  drop(): Promise<void>;
}

/**
 * A database named `<prefix>_<random>`: empty, or a copy of `template` (a database nobody is
 * connected to). `prefix` and `template` must be plain identifiers.
 */
export async function createScratchDatabase(
  serverUrl: string,
  prefix: string,
  template?: string,
): Promise<ScratchDatabaseHandle> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    name,
    url: url.toString(),
    async drop() {
      if (dropped) return;
      dropped = true;
      await endReplication(serverUrl, name);
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

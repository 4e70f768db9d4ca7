import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import pg from "pg";
import { rows } from "../../src/admin/sql-rows.ts";
import { connect, migratedPgliteImage, migrationsFolder, type Database } from "../../src/db/connect.ts";
import { createScratchDatabase } from "./scratch-database.ts";

/** Made once per test process: each test database starts from it instead of its own initdb and migrations. */
let pgliteImage: Promise<Blob> | undefined;
/** The same on a PostgreSQL server: a migrated database that each test database is copied from. */
let postgresTemplate: Promise<string> | undefined;

/**
 * A fresh, migrated database for one test file: an in-memory PGlite by default (from the image), or a new
 * database on the PostgreSQL server of TEST_DATABASE_URL, copied from the migrated template (dropped
 * again on close). Either way the migrations still run over it, finding nothing to do.
 */
export async function createTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return connect({ dataDir: "memory://", pgliteImage: await (pgliteImage ??= migratedPgliteImage()) });

  const template = await (postgresTemplate ??= migratedTemplate(serverUrl));
  const scratch = await createScratchDatabase(serverUrl, "ts_test", template);
  const database = await connect({ url: scratch.url, dataDir: "" });
  return {
    ...database,
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}

/**
 * The template `ts_template_<hash of the migrations>` on the server, made if missing. It outlives
 * the run, so the next run (and the other test processes) copy it straight away; a change to any
 * migration names a new one, and the old ones are dropped. Made under an advisory lock, migrated
 * under another name and renamed when done, so a copy never starts from a half-migrated template
 * or while someone is still connected to it.
 */
async function migratedTemplate(serverUrl: string): Promise<string> {
  // Drizzle's own reading of the migrations (its journal, each file's hash): what `connect` applies.
  const hash = createHash("sha256");
  for (const migration of readMigrationFiles({ migrationsFolder })) hash.update(migration.hash);
  const name = `ts_template_${hash.digest("hex").slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query("select pg_advisory_lock(hashtext('trigger-switch test template'))");
    const found = await admin.query("select datname from pg_database where datname like 'ts\\_template\\_%'");
    const names = found.rows.map((r: { datname: string }) => r.datname);
    if (names.includes(name)) return name;
    for (const stale of names) await admin.query(`DROP DATABASE ${stale} WITH (FORCE)`);
    const building = await createScratchDatabase(serverUrl, `${name}_building`);
    try {
      const database = await connect({ url: building.url, dataDir: "" });
      await database.close();
      await admin.query(`ALTER DATABASE ${building.name} RENAME TO ${name}`);
    } catch (err) {
      await building.drop();
      throw err;
    }
    return name;
  } finally {
    await admin.end();
  }
}

/** The URL of a test database on the TEST_DATABASE_URL server, for tests that open their own connections to it. */
export async function testDatabaseUrl(database: Database, serverUrl: string): Promise<string> {
  const [current] = await rows<{ name: string }>(database.db, sql`select current_database() as name`);
  const url = new URL(serverUrl);
  url.pathname = `/${current!.name}`;
  return url.toString();
}

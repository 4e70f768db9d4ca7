import { sql } from "drizzle-orm";
import { rows } from "../../src/admin/sql-rows.ts";
import { connect, migratedPgliteImage, type Database } from "../../src/db/connect.ts";
import { createScratchDatabase } from "./scratch-database.ts";

/** Made once per test process: each test database starts from it instead of its own initdb and migrations. */
let pgliteImage: Promise<Blob> | undefined;

/**
 * A fresh, migrated database for one test file: an in-memory PGlite by default (from the image), or a new
 * database on the PostgreSQL server of TEST_DATABASE_URL (dropped again on close).
 */
export async function createTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return connect({ dataDir: "memory://", pgliteImage: await (pgliteImage ??= migratedPgliteImage()) });

  const scratch = await createScratchDatabase(serverUrl, "ts_test");
  const database = await connect({ url: scratch.url, dataDir: "" });
  return {
    ...database,
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}

/** The URL of a test database on the TEST_DATABASE_URL server, for tests that open their own connections to it. */
export async function testDatabaseUrl(database: Database, serverUrl: string): Promise<string> {
  const [current] = await rows<{ name: string }>(database.db, sql`select current_database() as name`);
  const url = new URL(serverUrl);
  url.pathname = `/${current!.name}`;
  return url.toString();
}

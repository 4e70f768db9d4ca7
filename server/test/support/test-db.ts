import { randomBytes } from "node:crypto";
import pg from "pg";
import { connect, type Database } from "../../src/db/connect.ts";

/**
 * A fresh, migrated database for one test file: an in-memory PGlite by default, or a new
 * database on the PostgreSQL server of TEST_DATABASE_URL (dropped again on close).
 */
export async function createTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return connect({ dataDir: "memory://" });

  const name = `ts_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await connect({ url: url.toString(), dataDir: "" });
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "../../src/admin/sql-rows.ts";
import type { Database } from "../../src/db/connect.ts";
import { listenPostgres } from "../../src/db/listen-postgres.ts";
import { createTestDatabase, testDatabaseUrl } from "../support/test-db.ts";
import { until } from "../support/until.ts";

// The NOTIFY path of live updates (a server without logical decoding; docs/decisions/006, 042).
// LISTEN works on any PostgreSQL server, whatever its wal_level.
const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)("listenPostgres (PostgreSQL)", () => {
  let database: Database;
  let url: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    url = await testDatabaseUrl(database, serverUrl!);
  });
  afterAll(() => database?.close());

  it("hands on each of its channels' committed notifications with the channel, over one connection", async () => {
    const got: string[] = [];
    const channels = ["probe_one", "probe_two"];
    const stop = await listenPostgres({ url, channels, onPayload: (p, channel) => got.push(`${channel}: ${p}`) });
    try {
      const [connections] = await rows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and query like 'LISTEN%'`,
      );
      expect(connections).toEqual({ n: 1 });
      await database.db.execute(sql`select pg_notify('probe_one', 'first')`);
      await database.db
        .transaction(async (tx) => {
          await tx.execute(sql`select pg_notify('probe_two', 'rolled back')`);
          throw new Error("roll back");
        })
        .catch(() => {});
      await database.db.execute(sql`select pg_notify('probe_other', 'another channel')`);
      await database.db.execute(sql`select pg_notify('probe_two', 'last')`);
      const seen = await until(
        async () => got,
        (g) => g.includes("probe_two: last"),
      );
      expect(seen).toEqual(["probe_one: first", "probe_two: last"]);
    } finally {
      await stop();
    }
  });
});

import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "../../src/admin/sql-rows.ts";
import type { Database } from "../../src/db/connect.ts";
import { relayWalMessages } from "../../src/db/relay-wal-messages.ts";
import { createTestDatabase, testDatabaseUrl } from "../support/test-db.ts";
import { until } from "../support/until.ts";

// The relay needs a PostgreSQL server that decodes its WAL (CI sets wal_level = logical; .ci/run).
const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)("relayWalMessages (PostgreSQL with wal_level = logical)", () => {
  let database: Database;
  let url: string;
  let pool: pg.Pool;
  beforeAll(async () => {
    database = await createTestDatabase();
    url = await testDatabaseUrl(database, serverUrl!);
    pool = new pg.Pool({ connectionString: url, max: 4 });
  });
  afterAll(async () => {
    await pool?.end();
    await database?.close();
  });

  it("is what this server uses", async () => {
    expect(await rows(database.db, sql`show wal_level`)).toEqual([{ wal_level: "logical" }]);
  });

  it("relays committed messages in commit order, never a rolled-back one, and only its own prefixes", async () => {
    const got: string[] = [];
    const stop = await relayWalMessages({
      url,
      pool,
      prefixes: ["probe", "probe-too"],
      onPayload: (p, prefix) => got.push(prefix === "probe" ? p : `${prefix}: ${p}`),
    });
    try {
      const emit = (prefix: string, payload: string) =>
        sql`select pg_logical_emit_message(true, ${prefix}, ${payload})`;
      // Two transactions open at once: the one that commits first is relayed first.
      const first = database.db.transaction(async (tx) => {
        await tx.execute(emit("probe", "started first, committed second"));
        await new Promise((r) => setTimeout(r, 200));
      });
      await database.db.transaction(async (tx) => {
        await tx.execute(emit("probe", "started second, committed first"));
        await tx.execute(emit("probe-too", "beside it"));
      });
      await first;
      await database.db
        .transaction(async (tx) => {
          await tx.execute(emit("probe", "rolled back"));
          throw new Error("roll back");
        })
        .catch(() => {});
      await database.db.execute(emit("other", "another prefix"));
      await database.db.execute(emit("probe", "last"));
      const seen = await until(
        async () => got,
        (g) => g.includes("last"),
      );
      expect(seen).toEqual([
        "started second, committed first",
        "probe-too: beside it",
        "started first, committed second",
        "last",
      ]);
    } finally {
      await stop();
    }
  });

  it("relays a transaction's message only once another session reads what it wrote", async () => {
    // The commit record reaches the relay a moment before the transaction is visible elsewhere;
    // without waiting for that, a few in a hundred of these reads saw the row as it was.
    await pool.query(
      "create table relay_probe (id int primary key, n int not null); insert into relay_probe values (1, 0)",
    );
    const reads: Promise<{ announced: number; read: number }>[] = [];
    const stop = await relayWalMessages({
      url,
      pool,
      prefixes: ["probe-visible"],
      onPayload: (p) =>
        reads.push(
          pool
            .query<{ n: number }>("select n from relay_probe where id = 1")
            .then((r) => ({ announced: Number(p), read: r.rows[0]!.n })),
        ),
    });
    try {
      const writes = 500;
      for (let n = 1; n <= writes; n++)
        await pool.query(
          `begin; update relay_probe set n = ${n}; select pg_logical_emit_message(true, 'probe-visible', '${n}'); commit`,
        );
      await until(
        async () => reads.length,
        (count) => count === writes,
      );
      const stale = (await Promise.all(reads)).filter((r) => r.read < r.announced);
      expect(stale).toEqual([]);
    } finally {
      await stop();
    }
  });

  it("refuses to start, saying what to change, for a user that may not replicate", async () => {
    const role = `ts_norepl_${randomBytes(4).toString("hex")}`;
    await database.db.execute(sql.raw(`create role ${role} login`));
    try {
      const u = new URL(url);
      u.username = role;
      await expect(relayWalMessages({ url: u.toString(), pool, prefixes: ["probe"], onPayload() {} })).rejects.toThrow(
        /grant it replication \(ALTER ROLE <user> WITH REPLICATION\), or set wal_level = replica/,
      );
    } finally {
      await database.db.execute(sql.raw(`drop role ${role}`));
    }
  });
});

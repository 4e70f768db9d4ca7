import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { connect, type Database, type Db } from "../../src/db/connect.ts";
import { PGLITE_KEPT } from "../../src/db/embedded/upgrade-from-pglite.ts";
import * as schema from "../../src/db/schema.ts";
import { createStorageHealth } from "../../src/runtime/storage-health.ts";
import { post, put } from "../support/content.ts";
import { ownerWithMessage, startAutoconfirmApp } from "../support/fixtures.ts";

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "../../src/db/migrations");
const roots: string[] = [];
afterAll(() => roots.forEach((r) => fs.rmSync(r, { recursive: true, force: true })));

/** The embedded database as earlier versions kept it: PGlite, in DATA_DIR itself. */
async function earlierEmbeddedDatabase(dataDir: string): Promise<Database> {
  const client = await PGlite.create(dataDir);
  await migrate(drizzle(client), { migrationsFolder });
  return {
    db: drizzle(client, { schema }) as unknown as Db,
    kind: "pglite",
    storage: createStorageHealth({ describe: "test", probe: async () => {} }),
    listen: async (channels, onPayload) => {
      const unlisten = await Promise.all(
        channels.map((channel) => client.listen(channel, (payload) => onPayload(payload, channel))),
      );
      return async () => {
        if (!client.closed) await Promise.all(unlisten.map((u) => u()));
      };
    },
    close: () => client.close(),
  };
}

/** Every row of every table, as PostgreSQL writes it as JSON (exact: microseconds, bytea in hex). */
async function everyRow(database: Database): Promise<Record<string, string[]>> {
  const tables = (await database.db.execute(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  )) as unknown as { rows: { name: string }[] };
  const all: Record<string, string[]> = {};
  for (const { name } of tables.rows) {
    const rows = (await database.db.execute(
      sql`select row_to_json(t)::text as j from ${sql.identifier(name)} t`,
    )) as unknown as { rows: { j: string }[] };
    all[name] = rows.rows.map((r) => r.j).sort();
  }
  return all;
}

describe("the first start on a DATA_DIR of an earlier version (PGlite)", () => {
  it("copies every row into the embedded PostgreSQL exactly, keeps the old files aside, and does it once", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "ts-upgrade-"));
    roots.push(root);
    const dataDir = path.join(root, "data");
    const earlier = await earlierEmbeddedDatabase(dataDir);
    const t = await startAutoconfirmApp({}, { database: earlier });
    const { owner, messageId } = await ownerWithMessage(t, { condition_type: "no_check_in", hours_threshold: 24 });
    expect((await post(owner, "/api/check-in", {})).status).toBe(200);
    expect(
      (await put(owner, "/api/profile", { first_name: "Alex", last_name: "Morgan", time_zone: "Asia/Tokyo" })).ok,
    ).toBe(true);
    const before = await everyRow(earlier);
    await t.close();
    await earlier.close();
    expect(before.messages).toHaveLength(1);
    expect(before.reminder_schedule!.length).toBeGreaterThan(0);

    const lines: string[] = [];
    const upgraded = await connect({ dataDir, log: (l) => lines.push(l) });
    try {
      expect(upgraded.kind).toBe("embedded-postgres");
      expect(await everyRow(upgraded)).toEqual(before);
    } finally {
      await upgraded.close();
    }
    expect(lines.join("\n")).toMatch(/copied \d+ rows/);
    expect(fs.existsSync(path.join(dataDir, "PG_VERSION"))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, PGLITE_KEPT, "PG_VERSION"))).toBe(true);
    expect(fs.existsSync(path.join(dataDir, PGLITE_KEPT, "base"))).toBe(true);

    // The next start opens PostgreSQL as it is: nothing copied again, the message still there.
    const again: string[] = [];
    const reopened = await connect({ dataDir, log: (l) => again.push(l) });
    try {
      const rows = await everyRow(reopened);
      expect(rows.messages).toEqual(before.messages);
      expect(JSON.parse(rows.messages![0]!).id).toBe(messageId);
    } finally {
      await reopened.close();
    }
    expect(again.join("\n")).not.toMatch(/upgrade/);
  }, 180_000);

  it("refuses, changing nothing, when DATA_DIR holds an earlier database and a PostgreSQL one with data", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "ts-upgrade-"));
    roots.push(root);
    const dataDir = path.join(root, "data");
    const current = await connect({ dataDir, log: () => {} });
    await current.db.execute(sql`insert into storage_probe (id, written_at, filler) values (1, now(), 'x')`);
    await current.close();
    await (await earlierEmbeddedDatabase(dataDir)).close();
    const error = await connect({ dataDir, log: () => {} }).then(
      (d) => d.close().then(() => null),
      (err: unknown) => err as Error,
    );
    expect(error?.message).toMatch(/holds both a database of an earlier version .* Nothing was changed/);
    expect(fs.existsSync(path.join(dataDir, "PG_VERSION"))).toBe(true);
    expect(fs.existsSync(path.join(dataDir, PGLITE_KEPT))).toBe(false);
  }, 180_000);
});

import { asc, sql } from "drizzle-orm";
import { boolean, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/db/connect.ts";
import { inIds } from "../../src/db/in-ids.ts";
import { insertRows } from "../../src/db/insert-rows.ts";
import { createTestDatabase } from "../support/test-db.ts";

/** A table of every kind of column the engine's batches write, made for this test only. */
const probe = pgTable("insert_rows_probe", {
  id: uuid("id").primaryKey().defaultRandom(),
  key: text("key").notNull().unique(),
  label: text("label"),
  status: text("status").notNull().default("pending"),
  attempts: integer("attempts").notNull().default(0),
  urgent: boolean("urgent").notNull().default(false),
  data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
  at: timestamp("at", { withTimezone: true, mode: "date" }),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`create table insert_rows_probe (
    id uuid primary key default gen_random_uuid(), key text not null unique, label text,
    status text not null default 'pending', attempts integer not null default 0, urgent boolean not null default false,
    data jsonb not null default '{}', at timestamptz, created_at timestamptz not null default now())`);
});
afterAll(() => database?.close());

const rowsByKey = async () =>
  new Map((await database.db.select().from(probe).orderBy(asc(probe.key))).map((r) => [r.key, r]));

describe("insertRows", () => {
  it("writes what drizzle's insert writes: values exactly, and the default where a row leaves a column out", async () => {
    const at = new Date("2026-11-29T14:00:00.123Z");
    const awkward = `quotes " ' and \\ backslashes, {braces}, commas, NULL, 🙂, 行`;
    await insertRows(database.db, probe, [
      { key: "a", label: awkward, attempts: 3, urgent: true, data: { nested: { list: [1, "two", null] } }, at },
      { key: "b", label: null, status: "sent", at: null },
      { key: "c" },
    ]);
    const rows = await rowsByKey();
    expect(rows.get("a")).toMatchObject({
      label: awkward,
      status: "pending",
      attempts: 3,
      urgent: true,
      data: { nested: { list: [1, "two", null] } },
      at,
    });
    expect(rows.get("b")).toMatchObject({
      label: null,
      status: "sent",
      attempts: 0,
      urgent: false,
      data: {},
      at: null,
    });
    expect(rows.get("c")).toMatchObject({ label: null, status: "pending", attempts: 0, data: {}, at: null });
    expect(rows.get("c")!.createdAt).toBeInstanceOf(Date);
  });

  it("passes the tail on: on conflict do nothing returns only the rows it inserted", async () => {
    const returned = await insertRows(
      database.db,
      probe,
      [{ key: "a" }, { key: "d", attempts: 1 }],
      sql`on conflict (key) do nothing returning key, attempts`,
    );
    expect(returned).toEqual([{ key: "d", attempts: 1 }]);
  });

  it("refuses a property that is no column of the table, before writing anything", async () => {
    await expect(insertRows(database.db, probe, [{ key: "e", nope: 1 } as never])).rejects.toThrow(
      "insert_rows_probe has no column nope",
    );
    expect((await rowsByKey()).has("e")).toBe(false);
  });
});

describe("inIds", () => {
  it("matches any of the ids with one parameter, and none for an empty list", async () => {
    const rows = [...(await rowsByKey()).values()];
    const picked = rows.slice(0, 2).map((r) => r.id);
    const found = await database.db.select({ id: probe.id }).from(probe).where(inIds(probe.id, picked));
    expect(found.map((r) => r.id).sort()).toEqual([...picked].sort());
    expect(await database.db.select().from(probe).where(inIds(probe.id, []))).toEqual([]);
  });
});

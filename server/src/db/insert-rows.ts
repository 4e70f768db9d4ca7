import { getTableColumns, getTableName, sql, type Column, type GetColumnData, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db, Tx } from "./connect.ts";

/**
 * Inserts a batch of rows as one JSON parameter: `INSERT INTO t (…) SELECT … FROM
 * jsonb_to_recordset($1)`, each value mapped as drizzle's own insert maps it. Drizzle's
 * `.values(rows)` binds a parameter per value, and building such a statement costs the process more
 * CPU than PostgreSQL spends running it: the engine's batches of releases (hundreds of rows of a
 * dozen columns) spent more time building inserts than sending mail (docs/decisions/012). A column a
 * row leaves out takes its default, as with `.values()` (rows are inserted in groups of the same
 * columns). `tail` follows the SELECT (`on conflict … do nothing`, `returning …`); the rows
 * returned are the driver's, unmapped (a timestamptz may come back as text).
 */
export async function insertRows<T extends PgTable>(
  db: Db | Tx,
  table: T,
  rows: readonly T["$inferInsert"][],
  tail?: SQL,
): Promise<Record<string, unknown>[]> {
  const columns = getTableColumns(table) as Record<string, Column>;
  const groups = new Map<string, { keys: string[]; rows: T["$inferInsert"][] }>();
  for (const row of rows) {
    const keys = Object.keys(row).filter((k) => (row as Record<string, unknown>)[k] !== undefined);
    for (const k of keys) if (!columns[k]) throw new Error(`${getTableName(table)} has no column ${k}`);
    const id = keys.join(",");
    const group = groups.get(id) ?? { keys, rows: [] };
    group.rows.push(row);
    groups.set(id, group);
  }
  const returned: Record<string, unknown>[] = [];
  for (const { keys, rows: part } of groups.values()) {
    const cols = keys.map((k) => columns[k]!);
    // Per column, not per value: a burst's batches map hundreds of rows of a dozen values.
    const names = cols.map((c) => c.name);
    const asIs = cols.map((c) => c.getSQLType() === "jsonb" || c.getSQLType() === "json");
    const records = part.map((row) => {
      const record: Record<string, unknown> = {};
      for (let i = 0; i < keys.length; i++) {
        const value = (row as Record<string, unknown>)[keys[i]!];
        record[names[i]!] = value === null || asIs[i] ? value : cols[i]!.mapToDriverValue(value);
      }
      return record;
    });
    const list = sql.join(
      names.map((name) => sql.identifier(name)),
      sql`, `,
    );
    const shape = sql.raw(cols.map((c) => `"${c.name}" ${c.getSQLType()}`).join(", "));
    const result = (await db.execute(
      sql`insert into ${table} (${list}) select ${list} from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as v(${shape}) ${tail ?? sql``}`,
    )) as unknown as { rows: Record<string, unknown>[] };
    returned.push(...result.rows);
  }
  return returned;
}

/**
 * A `returning` clause for `columns` (given as to a select), and `map` to read each row the driver
 * returns as a select of those columns reads it: an insert's own answer is what it stored, so it
 * need not be read again.
 */
export function returning<C extends Record<string, Column>>(
  columns: C,
): { clause: SQL; map: (row: Record<string, unknown>) => { [K in keyof C]: GetColumnData<C[K]> } } {
  const entries = Object.entries(columns);
  return {
    clause: sql`returning ${sql.join(
      entries.map(([, c]) => sql.identifier(c.name)),
      sql`, `,
    )}`,
    map: (row) => {
      const mapped: Record<string, unknown> = {};
      for (const [key, c] of entries) {
        const value = row[c.name];
        mapped[key] = value === null || value === undefined ? null : c.mapFromDriverValue(value);
      }
      return mapped as { [K in keyof C]: GetColumnData<C[K]> };
    },
  };
}

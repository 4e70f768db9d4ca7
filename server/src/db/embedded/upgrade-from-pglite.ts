import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { syncDirectory } from "../../runtime/durable-file.ts";

/** Where the earlier database's files are kept after the copy; the owner deletes them once satisfied. */
export const PGLITE_KEPT = "pglite-before-upgrade";
/** What PGlite's initdb wrote into DATA_DIR (never keys/, attachments, our lock or postgres/). */
const PGLITE_ENTRIES = /^(PG_VERSION|base|global|pg_[a-z_]+(\.conf)?|postgresql(\.auto)?\.conf|postmaster\.[a-z]+)$/;
/** Rows per statement of the copy. */
const BATCH = 500;

/**
 * Earlier versions kept the embedded database in PGlite, in DATA_DIR itself. On the first start of
 * this one, every row is copied into the embedded PostgreSQL in one transaction, counted table by
 * table before it commits, and PGlite's files are then moved to DATA_DIR/pglite-before-upgrade.
 * Cut short anywhere, the next start does it again (before the commit) or finishes the move (after).
 */
export async function upgradeFromPglite({
  dataDir,
  targetUrl,
  migrationsFolder,
  log,
}: {
  dataDir: string;
  targetUrl: string;
  migrationsFolder: string;
  log: (line: string) => void;
}): Promise<void> {
  const moving = path.join(dataDir, `${PGLITE_KEPT}.partial`);
  if (fs.existsSync(moving)) return void moveAside(dataDir, moving);
  if (!fs.existsSync(path.join(dataDir, "PG_VERSION"))) return;

  const target = new pg.Client({ connectionString: targetUrl });
  await target.connect();
  try {
    const state = await targetState(target);
    if (state === "holds-data")
      throw new Error(
        `DATA_DIR ${dataDir} holds both a database of an earlier version (PGlite: PG_VERSION, base/, …) and a PostgreSQL database with data (postgres/). ` +
          `Nothing was changed. Move away the one you do not want, then start again.`,
      );
    if (state === "empty") await copyFromPglite(dataDir, target, migrationsFolder, log);
  } finally {
    await target.end().catch(() => {});
  }
  const kept = moveAside(dataDir, moving);
  log(`upgrade: the earlier database's files are in ${kept}; delete them once you are satisfied`);
}

/** The target's database carries this comment once the copy has committed (set in the same transaction). */
const COPIED = "trigger-switch: copied from the earlier embedded database (PGlite)";

async function targetState(target: pg.Client): Promise<"copied" | "empty" | "holds-data"> {
  const { rows } = await target.query<{ c: string | null }>(
    "select shobj_description(oid, 'pg_database') as c from pg_database where datname = current_database()",
  );
  if (rows[0]?.c === COPIED) return "copied";
  const { rows: tables } = await target.query<{ name: string }>(TABLES);
  for (const { name } of tables) {
    const { rowCount } = await target.query(`select 1 from ${quote(name)} limit 1`);
    if (rowCount) return "holds-data";
  }
  return "empty";
}

const TABLES =
  "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1";

async function copyFromPglite(
  dataDir: string,
  target: pg.Client,
  migrationsFolder: string,
  log: (line: string) => void,
): Promise<void> {
  log(`upgrade: copying the earlier embedded database (PGlite) in ${dataDir} into PostgreSQL`);
  const started = performance.now();
  const source = await PGlite.create(dataDir);
  try {
    // Both at this version's schema, so every table and column matches.
    await migrate(drizzle(source), { migrationsFolder });
    const rows = await copyAll(source, target);
    log(`upgrade: copied ${rows} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await source.close();
  }
}

async function copyAll(source: PGlite, target: pg.Client): Promise<number> {
  const { rows: tables } = await target.query<{ name: string }>(TABLES);
  let copied = 0;
  await target.query("begin");
  try {
    // Foreign keys are checked by the source already; in replica mode they need no order.
    await target.query("set local session_replication_role = replica");
    if (tables.length) await target.query(`truncate ${tables.map((t) => quote(t.name)).join(", ")}`);
    for (const { name } of tables) copied += await copyTable(source, target, name);
    const { rows: names } = await target.query<{ d: string }>("select current_database() as d");
    await target.query(`comment on database ${quote(names[0]!.d)} is '${COPIED}'`);
    await target.query("commit");
  } catch (err) {
    await target.query("rollback").catch(() => {});
    throw new Error(
      `Upgrading the embedded database failed, and nothing was changed: the earlier database is still in ${source.dataDir}. ${(err as Error).message}`,
      { cause: err },
    );
  }
  return copied;
}

/** Rows travel as JSON text, so every type keeps its exact value (timestamps to the microsecond, bytea). */
async function copyTable(source: PGlite, target: pg.Client, table: string): Promise<number> {
  const { rows: columns } = await target.query<{ name: string; generated: string; identity: string | null }>(
    `select column_name as name, is_generated as generated, identity_generation as identity
       from information_schema.columns where table_schema = 'public' and table_name = $1 order by ordinal_position`,
    [table],
  );
  const names = columns.filter((c) => c.generated === "NEVER").map((c) => quote(c.name));
  const overriding = columns.some((c) => c.identity === "ALWAYS") ? "overriding system value" : "";
  const insert = `insert into ${quote(table)} (${names.join(", ")}) ${overriding}
    select ${names.join(", ")} from json_populate_recordset(null::${quote(table)}, $1::json)`;
  let copied = 0;
  await source.transaction(async (tx) => {
    await tx.query(`declare upgrade_rows no scroll cursor for select row_to_json(t)::text as j from ${quote(table)} t`);
    for (;;) {
      const { rows } = await tx.query<{ j: string }>(`fetch ${BATCH} from upgrade_rows`);
      if (rows.length === 0) break;
      await target.query(insert, [`[${rows.map((r) => r.j).join(",")}]`]);
      copied += rows.length;
    }
  });
  const { rows: counted } = await target.query<{ n: number }>(`select count(*)::int as n from ${quote(table)}`);
  if (counted[0]!.n !== copied) throw new Error(`${table}: ${copied} rows read, ${counted[0]!.n} written.`);
  await resetSequences(target, table, columns);
  return copied;
}

/** A serial or identity column's sequence continues after the highest copied value. */
async function resetSequences(target: pg.Client, table: string, columns: { name: string }[]): Promise<void> {
  for (const { name } of columns) {
    const { rows } = await target.query<{ seq: string | null }>("select pg_get_serial_sequence($1, $2) as seq", [
      quote(table),
      name,
    ]);
    const seq = rows[0]?.seq;
    if (seq)
      await target.query(
        `select setval($1, coalesce((select max(${quote(name)}) from ${quote(table)}), 0) + 1, false)`,
        [seq],
      );
  }
}

/** PG_VERSION goes last, so a move cut short is found (by the folder) and finished, never redone. */
function moveAside(dataDir: string, moving: string): string {
  fs.mkdirSync(moving, { recursive: true, mode: 0o700 });
  const entries = fs.readdirSync(dataDir).filter((n) => PGLITE_ENTRIES.test(n));
  for (const name of [...entries.filter((n) => n !== "PG_VERSION"), ...entries.filter((n) => n === "PG_VERSION")])
    fs.renameSync(path.join(dataDir, name), path.join(moving, name));
  syncDirectory(moving);
  // An earlier upgrade's copy is never overwritten.
  let kept = path.join(dataDir, PGLITE_KEPT);
  if (fs.existsSync(kept)) kept += `-${new Date().toISOString().replaceAll(":", "-")}`;
  fs.renameSync(moving, kept);
  syncDirectory(dataDir);
  return kept;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

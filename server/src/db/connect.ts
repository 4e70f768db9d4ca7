import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { listenPostgres } from "./listen-postgres.ts";
import * as schema from "./schema.ts";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The handle inside `db.transaction(...)`; it can be passed wherever a Db is expected. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /**
   * Subscribes to NOTIFY on `channel` (docs/decisions/006); resolves once listening, to the
   * function that unsubscribes. PostgreSQL: one dedicated connection per call, reopened on error.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/**
 * Opens the database and applies pending migrations. `url` postgres://… → a PostgreSQL server;
 * otherwise `dataDir` holds an embedded PGlite (`memory://` for a throwaway one).
 * PGlite is used through its own driver, never behind a pg.Pool adapter (parameterised queries break).
 */
export async function connect(opts: { url?: string; dataDir: string }): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    // An idle client dropped by the server (restart, failover) must not crash the process;
    // the pool replaces it and the next query reports any real outage.
    pool.on("error", (err) => console.error("PostgreSQL idle client error:", err.message));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(drizzlePg(pool), { migrationsFolder });
    const url = opts.url;
    return { db, kind: "postgres", listen: (channel, onPayload) => listenPostgres({ url, channel, onPayload }), close: () => pool.end() };
  }
  if (opts.dataDir !== "memory://") fs.mkdirSync(opts.dataDir, { recursive: true });
  const client = await PGlite.create(opts.dataDir);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  return {
    db,
    kind: "pglite",
    // One embedded database lives in one process, so its own listen() reaches every listener.
    listen: async (channel, onPayload) => {
      const unlisten = await client.listen(channel, onPayload);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    close: () => client.close(),
  };
}

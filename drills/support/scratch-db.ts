import { randomBytes } from "node:crypto";
import pg from "pg";

/** The PostgreSQL server the drills use; any database on it (default the local `test`). */
export const adminUrl = process.env.DRILLS_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export async function postgresAvailable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export interface ScratchDatabase {
  name: string;
  /** What the server processes get as DATABASE_URL. */
  url: string;
  /** The drill's own connections, for reading what the engine did (never for seeding). */
  pool: pg.Pool;
  drop(): Promise<void>;
}

/** A fresh, empty database per drill; the first server process to start migrates it. */
export async function createScratchDatabase(label: string): Promise<ScratchDatabase> {
  const name = `drill_${label}_${randomBytes(4).toString("hex")}`;
  await admin(`CREATE DATABASE ${name}`);
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const url = u.toString();
  const pool = new pg.Pool({ connectionString: url, max: 3 });
  pool.on("error", () => {}); // a server process killed mid-drill must not take the drill down
  let dropped = false;
  return {
    name,
    url,
    pool,
    async drop() {
      if (dropped) return;
      dropped = true;
      await pool.end().catch(() => {});
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** One query, rows typed by the caller. */
export async function rows<T>(pool: pg.Pool, sql: string, params: unknown[] = []): Promise<T[]> {
  return (await pool.query(sql, params)).rows as T[];
}

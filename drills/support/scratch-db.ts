import pg from "pg";
import {
  createScratchDatabase as createOnServer,
  postgresAvailable as answers,
} from "../../server/test/support/scratch-database.ts";

/** The PostgreSQL server the drills use; any database on it (default the local `test`). */
export const adminUrl = process.env.DRILLS_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export const postgresAvailable = () => answers(adminUrl);

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
  const scratch = await createOnServer(adminUrl, `drill_${label}`);
  const pool = new pg.Pool({ connectionString: scratch.url, max: 3 });
  pool.on("error", () => {}); // a server process killed mid-drill must not take the drill down
  let dropped = false;
  return {
    name: scratch.name,
    url: scratch.url,
    pool,
    async drop() {
      if (dropped) return;
      dropped = true;
      await pool.end().catch(() => {});
      await scratch.drop();
    },
  };
}

/** One query, rows typed by the caller. */
export async function rows<T>(pool: pg.Pool, sql: string, params: unknown[] = []): Promise<T[]> {
  return (await pool.query(sql, params)).rows as T[];
}

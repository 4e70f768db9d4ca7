import type { SQL } from "drizzle-orm";
import type { Db } from "../db/connect.ts";

/** Rows of a raw read query, the same on PGlite and node-postgres (both answer `{ rows }`). */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

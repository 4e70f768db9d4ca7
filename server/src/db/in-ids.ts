import { sql, type Column, type SQL } from "drizzle-orm";

/**
 * `column = any('{…}'::uuid[])`: one parameter for any number of ids, where drizzle's `inArray`
 * binds one each (costly to build for the engine's batches; docs/decisions/012). An id that is no
 * uuid fails the cast, so nothing else can reach the statement.
 */
export function inIds(column: Column, ids: readonly string[]): SQL {
  return sql`${column} = any(${`{${ids.join(",")}}`}::uuid[])`;
}

import { sql, type Column, type SQL } from "drizzle-orm";

/**
 * `column = any('{…}'::uuid[])`: one parameter for any number of ids, where drizzle's `inArray`
 * binds one each (costly to build for the engine's batches; docs/decisions/012). An id that is no
 * uuid fails the cast, so nothing else can reach the statement.
 */
export function inIds(column: Column, ids: readonly string[]): SQL {
  return sql`${column} = any(${arrayLiteral(ids)}::uuid[])`;
}

/**
 * A PostgreSQL array literal, to bind a whole column of a batch as one parameter (`unnest($1::uuid[])`,
 * `<> all($1::text[])`): for plain values only (ids, ISO instants, numbers, keys with no comma,
 * quote, brace or space); null becomes NULL.
 */
export const arrayLiteral = (values: readonly (string | number | null)[]): string =>
  `{${values.map((v) => v ?? "NULL").join(",")}}`;

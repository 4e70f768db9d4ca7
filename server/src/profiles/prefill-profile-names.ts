import { and, eq, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Db } from "../db/connect.ts";
import { profiles } from "../db/schema.ts";

/**
 * Fills the profile's first and last name from a sign-in provider, each only where the owner has
 * none yet: what an owner typed is never replaced.
 */
export async function prefillProfileNames({
  db,
  userId,
  names,
  now,
}: {
  db: Db;
  userId: string;
  names: { first: string | null; last: string | null };
  now: Date;
}): Promise<void> {
  const empty = (column: AnyColumn) => sql`coalesce(btrim(${column}), '') = ''`;
  const fills: SQL[] = [];
  if (names.first) fills.push(empty(profiles.firstName));
  if (names.last) fills.push(empty(profiles.lastName));
  if (fills.length === 0) return;
  const keepOr = (column: AnyColumn, value: string | null) =>
    value ? sql`case when ${empty(column)} then ${value} else ${column} end` : undefined;
  await db
    .update(profiles)
    .set({
      firstName: keepOr(profiles.firstName, names.first),
      lastName: keepOr(profiles.lastName, names.last),
      updatedAt: now,
    })
    .where(and(eq(profiles.id, userId), or(...fills)));
}

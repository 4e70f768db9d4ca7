import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/connect.ts";
import { identities, mfaFactors, users } from "../../db/schema.ts";

export type UserRow = typeof users.$inferSelect;
export type IdentityRow = typeof identities.$inferSelect;
export type FactorRow = typeof mfaFactors.$inferSelect;
export interface UserWithIdentities {
  user: UserRow;
  identities: IdentityRow[];
  factors: FactorRow[];
}

/** The user with identities and second factors, as the user JSON shows them. */
export async function loadUser({ db, userId }: { db: Db; userId: string }): Promise<UserWithIdentities | null> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return null;
  const ids = await db
    .select()
    .from(identities)
    .where(eq(identities.userId, userId))
    .orderBy(asc(identities.createdAt));
  const factors = await db
    .select()
    .from(mfaFactors)
    .where(eq(mfaFactors.userId, userId))
    .orderBy(asc(mfaFactors.createdAt));
  return { user, identities: ids, factors };
}

/** Looks an account up by address, case-insensitively (matches the unique index on lower(email)). */
export async function findUserByEmail({
  db,
  email,
  forUpdate = false,
}: {
  db: Db;
  email: string;
  forUpdate?: boolean;
}): Promise<UserRow | null> {
  const query = db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  const [user] = forUpdate ? await query.for("update") : await query;
  return user ?? null;
}

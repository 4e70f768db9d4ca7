import type { Db } from "../db/connect.ts";
import { profiles } from "../db/schema.ts";

/** Called by sign-up inside its transaction: every account has a profile from its first moment. */
export async function createProfile({ db, userId, email }: { db: Db; userId: string; email: string }): Promise<void> {
  await db.insert(profiles).values({ id: userId, email }).onConflictDoNothing();
}

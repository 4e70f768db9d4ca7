import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/connect.ts";
import { profiles, verifiedNumbers } from "../../db/schema.ts";

export interface NumberOwner {
  userId: string;
  timeZone: string;
}

/**
 * The account whose verified number this is, or null. The proof counts only while the profile
 * still holds that number (docs/decisions/014): a changed number never checks the old owner in.
 */
export async function findNumberOwner({ db, number }: { db: Db; number: string }): Promise<NumberOwner | null> {
  const [row] = await db
    .select({ userId: verifiedNumbers.userId, timeZone: profiles.timeZone })
    .from(verifiedNumbers)
    .innerJoin(
      profiles,
      and(eq(profiles.id, verifiedNumbers.userId), eq(profiles.whatsappNumber, verifiedNumbers.number)),
    )
    .where(eq(verifiedNumbers.number, number));
  return row ? { userId: row.userId, timeZone: row.timeZone ?? "UTC" } : null;
}

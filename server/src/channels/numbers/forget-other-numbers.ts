import { and, eq, ne } from "drizzle-orm";
import type { Db } from "../../db/connect.ts";
import { verifiedNumbers } from "../../db/schema.ts";

/** Ends the owner's proof of any number other than `keep` (their profile's number now). */
export async function forgetOtherNumbers({
  db,
  userId,
  keep,
}: {
  db: Db;
  userId: string;
  keep: string | null;
}): Promise<void> {
  await db
    .delete(verifiedNumbers)
    .where(
      keep === null
        ? eq(verifiedNumbers.userId, userId)
        : and(eq(verifiedNumbers.userId, userId), ne(verifiedNumbers.number, keep)),
    );
}

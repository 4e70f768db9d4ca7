import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../../db/connect.ts";
import { oneTimeTokens } from "../../db/schema.ts";

/**
 * Whether the account's owner followed a link we e-mailed to its current address — a sign-up
 * confirmation, a password reset or an e-mail change (a used token whose `relates_to` is that
 * address). The one proof that they read that mailbox: a "confirmed" flag is not, since with
 * AUTH_AUTOCONFIRM whoever registers an address first is confirmed at once.
 */
export async function followedLinkTo(db: Db, user: { id: string; email: string }): Promise<boolean> {
  const [proof] = await db
    .select({ id: oneTimeTokens.id })
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.userId, user.id),
        isNotNull(oneTimeTokens.usedAt),
        inArray(oneTimeTokens.tokenType, ["signup", "recovery", "email_change"]),
        sql`lower(${oneTimeTokens.relatesTo}) = ${user.email.toLowerCase()}`,
      ),
    )
    .limit(1);
  return proof !== undefined;
}

import { and, eq, isNull } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import type { Db } from "../db/connect.ts";
import { isUuid } from "../db/owned-row.ts";
import { accessGrants } from "../db/schema.ts";
import { notFound } from "../errors.ts";
import { hashSecretToken } from "../engine/secret-token.ts";

export type GrantRow = typeof accessGrants.$inferSelect;

/** One answer for every way a link can be wrong, so a guess learns nothing. */
export const NO_ACCESS = "This link does not open any message. It may be mistyped, expired or withdrawn.";

/**
 * The grant behind an access link, if it is for this message, not cancelled and not expired.
 * `open` is false during the unlock delay. Anything else is the same 404.
 */
export async function findAccessGrant({
  db,
  clock,
  messageId,
  token,
}: {
  db: Db;
  clock: Clock;
  messageId: string;
  token: string | undefined;
}): Promise<{ grant: GrantRow; open: boolean }> {
  if (!token || token.length > 200 || !isUuid(messageId)) throw notFound(NO_ACCESS);
  const now = clock.now();
  const [grant] = await db
    .select()
    .from(accessGrants)
    .where(
      and(
        eq(accessGrants.tokenHash, hashSecretToken(token)),
        eq(accessGrants.messageId, messageId),
        isNull(accessGrants.cancelledAt),
      ),
    );
  if (!grant || (grant.expiresAt !== null && grant.expiresAt <= now)) throw notFound(NO_ACCESS);
  return { grant, open: grant.opensAt <= now };
}

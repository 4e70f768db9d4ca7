import { and, eq, gt, isNull } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import type { Db } from "../db/connect.ts";
import { checkInTokens } from "../db/schema.ts";
import { notFound } from "../errors.ts";
import { INVALID_CHECK_IN_LINK } from "./check-in-with-token.ts";
import { hashSecretToken } from "./secret-token.ts";

/**
 * What the check-in page needs before its button is pressed: only whether the link still works.
 * Whoever holds a reminder's link (a forwarded mail, a shared screen) learns nothing about its
 * owner — no name, no count of messages, no deadline (docs/decisions/011). Reads only: it never
 * checks in. Unknown, used and expired tokens are one 404.
 */
export async function readCheckInToken({
  db,
  clock,
  token,
}: {
  db: Db;
  clock: Clock;
  token: string;
}): Promise<{ valid: true }> {
  const [row] = await db
    .select({ id: checkInTokens.tokenHash })
    .from(checkInTokens)
    .where(
      and(
        eq(checkInTokens.tokenHash, hashSecretToken(token)),
        isNull(checkInTokens.usedAt),
        gt(checkInTokens.expiresAt, clock.now()),
      ),
    );
  if (!row) throw notFound(INVALID_CHECK_IN_LINK);
  return { valid: true };
}

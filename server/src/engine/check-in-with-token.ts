import { and, eq, gt, isNull } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import type { Db } from "../db/connect.ts";
import { checkInTokens } from "../db/schema.ts";
import { notFound } from "../errors.ts";
import { checkIn, type CheckInResult } from "./check-in.ts";
import { hashSecretToken } from "./secret-token.ts";

export const INVALID_CHECK_IN_LINK = "This check-in link is not valid any more. Sign in to check in.";

/**
 * Checks in the owner of a reminder link (POST only: mail scanners follow GET links). The token is
 * used up in the same transaction as the check-in, so it works once (docs/decisions/005).
 */
export async function checkInWithToken({
  db,
  clock,
  token,
}: {
  db: Db;
  clock: Clock;
  token: string;
}): Promise<CheckInResult> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(checkInTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(checkInTokens.tokenHash, hashSecretToken(token)),
          isNull(checkInTokens.usedAt),
          gt(checkInTokens.expiresAt, now),
        ),
      )
      .returning({ userId: checkInTokens.userId });
    if (!used) throw notFound(INVALID_CHECK_IN_LINK);
    return checkIn({ db: tx, clock, userId: used.userId, source: "email_link" });
  });
}

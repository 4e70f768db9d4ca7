import type { Db } from "../db/connect.ts";
import { checkInTokens } from "../db/schema.ts";
import { newSecretToken } from "./secret-token.ts";

/** How long after the deadline a reminder's link still checks the owner in (a late check-in still resets the others). */
export const CHECK_IN_LINK_MARGIN_MS = 24 * 60 * 60_000;

/** A fresh check-in link token for a reminder, bound to the owner, valid until the deadline + margin. */
export async function issueCheckInToken({
  db,
  userId,
  deadline,
  now,
}: {
  db: Db;
  userId: string;
  deadline: Date;
  now: Date;
}): Promise<string> {
  const { token, hash } = newSecretToken();
  await db.insert(checkInTokens).values({
    tokenHash: hash,
    userId,
    expiresAt: new Date(deadline.getTime() + CHECK_IN_LINK_MARGIN_MS),
    createdAt: now,
  });
  return token;
}

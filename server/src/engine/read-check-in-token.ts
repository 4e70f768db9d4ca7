import { CHECK_IN_CONDITION_TYPES } from "@trigger-switch/contracts";
import { and, eq, gt, inArray, isNull } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import type { Db } from "../db/connect.ts";
import { checkInTokens, messageConditions, profiles } from "../db/schema.ts";
import { notFound } from "../errors.ts";
import { INVALID_CHECK_IN_LINK } from "./check-in-with-token.ts";
import { effectiveDeadline } from "./effective-deadline.ts";
import { hashSecretToken } from "./secret-token.ts";

export interface CheckInTokenInfo {
  valid: true;
  owner_first_name: string | null;
  message_count: number;
  next_deadline: string | null;
}

/** What the check-in page shows before its button is pressed. Reads only: it never checks in. */
export async function readCheckInToken({ db, clock, token }: { db: Db; clock: Clock; token: string }): Promise<CheckInTokenInfo> {
  const now = clock.now();
  const [row] = await db
    .select({ userId: checkInTokens.userId, firstName: profiles.firstName })
    .from(checkInTokens)
    .leftJoin(profiles, eq(profiles.id, checkInTokens.userId))
    .where(and(eq(checkInTokens.tokenHash, hashSecretToken(token)), isNull(checkInTokens.usedAt), gt(checkInTokens.expiresAt, now)));
  if (!row) throw notFound(INVALID_CHECK_IN_LINK);
  const conditions = await db
    .select()
    .from(messageConditions)
    .where(and(eq(messageConditions.userId, row.userId), eq(messageConditions.active, true), eq(messageConditions.isArmed, true), inArray(messageConditions.conditionType, [...CHECK_IN_CONDITION_TYPES])));
  const deadlines = conditions.map((c) => effectiveDeadline(c, now)?.deadline).filter((d): d is Date => d !== undefined);
  const next = deadlines.sort((a, b) => a.getTime() - b.getTime())[0];
  return { valid: true, owner_first_name: row.firstName, message_count: new Set(conditions.map((c) => c.messageId)).size, next_deadline: next?.toISOString() ?? null };
}

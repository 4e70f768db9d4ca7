import { CHECK_IN_CONDITION_TYPES } from "@trigger-switch/contracts";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/connect.ts";
import { messageConditions } from "../../db/schema.ts";
import { effectiveDeadline } from "../../engine/effective-deadline.ts";

/** The earliest deadline of the owner's armed check-in conditions (the downtime shift included), or null. */
export async function readNextDeadline({
  db,
  userId,
  now,
}: {
  db: Db;
  userId: string;
  now: Date;
}): Promise<Date | null> {
  const conditions = await db
    .select()
    .from(messageConditions)
    .where(
      and(
        eq(messageConditions.userId, userId),
        eq(messageConditions.active, true),
        eq(messageConditions.isArmed, true),
        inArray(messageConditions.conditionType, [...CHECK_IN_CONDITION_TYPES]),
      ),
    );
  const deadlines = conditions
    .map((c) => effectiveDeadline(c, now)?.deadline)
    .filter((d): d is Date => d !== undefined);
  return deadlines.sort((a, b) => a.getTime() - b.getTime())[0] ?? null;
}

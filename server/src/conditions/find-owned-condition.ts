import { and, eq } from "drizzle-orm";
import type { Db } from "../db/connect.ts";
import { isUuid } from "../db/owned-row.ts";
import { messageConditions } from "../db/schema.ts";
import { notFound } from "../errors.ts";
import type { ConditionRow } from "./to-condition-dto.ts";

/** The caller's condition, or 404 (also for another user's id). */
export async function findOwnedCondition({
  db,
  userId,
  conditionId,
}: {
  db: Db;
  userId: string;
  conditionId: string;
}): Promise<ConditionRow> {
  const [row] = isUuid(conditionId)
    ? await db
        .select()
        .from(messageConditions)
        .where(and(eq(messageConditions.id, conditionId), eq(messageConditions.userId, userId)))
    : [];
  if (!row) throw notFound("Condition not found");
  return row;
}

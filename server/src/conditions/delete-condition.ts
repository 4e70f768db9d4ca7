import { eq } from "drizzle-orm";
import type { Db } from "../db/connect.ts";
import { messageConditions } from "../db/schema.ts";
import { findOwnedCondition } from "./find-owned-condition.ts";

export async function deleteCondition({
  db,
  userId,
  conditionId,
}: {
  db: Db;
  userId: string;
  conditionId: string;
}): Promise<void> {
  const row = await findOwnedCondition({ db, userId, conditionId });
  await db.delete(messageConditions).where(eq(messageConditions.id, row.id));
}

import { eq, inArray } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import type { Tx } from "../db/connect.ts";
import { messageConditions } from "../db/schema.ts";
import { rescheduleCondition } from "../engine/reschedule-condition.ts";

/**
 * Takes recipients that left a message out of its conditions' recipient subsets. An empty subset
 * means "all of the message's recipients", so a subset that loses its last member must not
 * quietly widen: that condition is disarmed instead, and its id returned for the owner to see.
 */
export async function pruneConditionRecipients({
  tx,
  clock,
  messageIds,
  removed,
}: {
  tx: Tx;
  clock: Clock;
  messageIds: string[];
  removed: string[];
}): Promise<string[]> {
  if (messageIds.length === 0 || removed.length === 0) return [];
  const gone = new Set(removed);
  const rows = await tx.select().from(messageConditions).where(inArray(messageConditions.messageId, messageIds));
  const disarmed: string[] = [];
  for (const row of rows) {
    if (!row.recipients.some((id) => gone.has(id))) continue;
    const kept = row.recipients.filter((id) => !gone.has(id));
    const disarm = kept.length === 0 && row.isArmed;
    if (disarm) disarmed.push(row.id);
    await tx
      .update(messageConditions)
      .set({ recipients: kept, ...(kept.length === 0 ? { isArmed: false } : {}), updatedAt: clock.now() })
      .where(eq(messageConditions.id, row.id));
    await rescheduleCondition({ db: tx, clock, conditionId: row.id });
  }
  return disarmed;
}

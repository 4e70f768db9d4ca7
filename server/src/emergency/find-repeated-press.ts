import { DUPLICATE_PANIC_WINDOW_MS } from "@trigger-switch/contracts";
import { and, desc, eq, gte, or, sql } from "drizzle-orm";
import type { Tx } from "../db/connect.ts";
import { emergencyTriggers } from "../db/schema.ts";

export type TriggerRow = typeof emergencyTriggers.$inferSelect;

/**
 * The accepted press a duplicate repeats (spec §5), so its answer can say what that alert carried:
 * the same client id first (the client's own retry), else the latest press of the message, within
 * the window. Null if none is found (a press by the message key of another user cannot happen:
 * message ids are the owner's).
 */
export async function findRepeatedPress({
  tx,
  userId,
  messageId,
  deduplicationId,
  now,
}: {
  tx: Tx;
  userId: string;
  messageId: string;
  deduplicationId?: string;
  now: Date;
}): Promise<TriggerRow | null> {
  const sameClient = deduplicationId ? eq(emergencyTriggers.deduplicationId, deduplicationId) : sql`false`;
  const [row] = await tx
    .select()
    .from(emergencyTriggers)
    .where(
      and(
        eq(emergencyTriggers.userId, userId),
        gte(emergencyTriggers.triggeredAt, new Date(now.getTime() - DUPLICATE_PANIC_WINDOW_MS)),
        or(sameClient, eq(emergencyTriggers.messageId, messageId)),
      ),
    )
    .orderBy(sql`coalesce(${sameClient}, false) desc`, desc(emergencyTriggers.triggeredAt))
    .limit(1);
  return row ?? null;
}

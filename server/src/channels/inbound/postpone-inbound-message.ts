import { eq } from "drizzle-orm";
import type { Db } from "../../db/connect.ts";
import { inboundMessages } from "../../db/schema.ts";
import type { PendingInboundMessage } from "./inbound-message.ts";

const s = 1000;
/**
 * After a failed attempt: 10 s, 30 s, 1 min, 2 min, 5 min, then the message is given up. A
 * check-in is worth the most while it is fresh, and a fault that outlasts ten minutes needs a
 * person, not more tries; the sender is told, so they can check in another way.
 */
export const INBOX_RETRY_DELAYS_MS = [10 * s, 30 * s, 60 * s, 120 * s, 300 * s];

/**
 * Records a failed attempt at handling `message` (its handling was rolled back): tried again
 * after the next delay, or, with none left, marked failed with the reason and its text cleared.
 * Returns when it is tried again, or null when it was given up.
 */
export async function postponeInboundMessage({
  tx,
  message,
  now,
  reason,
}: {
  tx: Db;
  message: PendingInboundMessage;
  now: Date;
  reason: string;
}): Promise<Date | null> {
  const attempts = message.attempts + 1;
  const delay = INBOX_RETRY_DELAYS_MS[attempts - 1];
  const retryAt = delay === undefined ? null : new Date(now.getTime() + delay);
  await tx
    .update(inboundMessages)
    .set(
      retryAt
        ? { attempts, nextAttemptAt: retryAt, lastError: reason.slice(0, 500) }
        : { attempts, state: "failed", text: null, lastError: reason.slice(0, 500), handledAt: now },
    )
    .where(eq(inboundMessages.id, message.id));
  return retryAt;
}

import { and, asc, eq, isNull, lte, or } from "drizzle-orm";
import type { Db } from "../../db/connect.ts";
import { inboundMessages } from "../../db/schema.ts";
import type { PendingInboundMessage } from "./inbound-message.ts";

/**
 * Locks the oldest inbox message that is due, for the caller's transaction; null when none is.
 * SKIP LOCKED lets processes sharing a PostgreSQL server take different messages; a process that
 * dies while handling one loses its lock with its connection, so the message is pending again.
 */
export async function claimNextMessage({ tx, now }: { tx: Db; now: Date }): Promise<PendingInboundMessage | null> {
  const [row] = await tx
    .select({
      id: inboundMessages.id,
      channel: inboundMessages.channel,
      providerMessageId: inboundMessages.providerMessageId,
      from: inboundMessages.fromNumber,
      text: inboundMessages.text,
      kind: inboundMessages.kind,
      sentAt: inboundMessages.sentAt,
      receivedAt: inboundMessages.receivedAt,
      attempts: inboundMessages.attempts,
    })
    .from(inboundMessages)
    .where(
      and(
        eq(inboundMessages.state, "pending"),
        or(isNull(inboundMessages.nextAttemptAt), lte(inboundMessages.nextAttemptAt, now)),
      ),
    )
    .orderBy(asc(inboundMessages.receivedAt))
    .limit(1)
    .for("update", { skipLocked: true });
  return row ? { ...row, kind: row.kind ?? "text" } : null;
}

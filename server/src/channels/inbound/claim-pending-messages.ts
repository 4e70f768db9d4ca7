import { and, asc, eq, isNull, lte, or } from "drizzle-orm";
import type { Db } from "../../db/connect.ts";
import { inboundMessages } from "../../db/schema.ts";
import type { PendingInboundMessage } from "./inbound-message.ts";

/**
 * Locks up to `limit` inbox messages that are due, oldest first, for the caller's transaction.
 * SKIP LOCKED lets processes sharing a PostgreSQL server take different messages; a process that
 * dies mid-batch loses its locks with its connection, so its messages are simply pending again.
 */
export async function claimPendingMessages({
  tx,
  now,
  limit,
}: {
  tx: Db;
  now: Date;
  limit: number;
}): Promise<PendingInboundMessage[]> {
  const rows = await tx
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
    .limit(limit)
    .for("update", { skipLocked: true });
  return rows.map((r) => ({ ...r, kind: r.kind ?? "text" }));
}

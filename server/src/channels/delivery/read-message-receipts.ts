import type { DeliveryReceipt } from "@trigger-switch/contracts";
import { and, asc, eq, isNotNull } from "drizzle-orm";
import type { MasterKeys } from "../../crypto/master-keys.ts";
import type { Db } from "../../db/connect.ts";
import { deliveries, recipients, reminderDeliveryLog } from "../../db/schema.ts";
import { findOwnedMessage } from "../../messages/find-owned-message.ts";
import { recipientName } from "../../recipients/seal-recipient.ts";
import type { ChannelId } from "../channel.ts";
import { keptLocally } from "./kept-locally.ts";

/**
 * The owner's view of who received a message, by which channel, and what the providers said
 * (sent / delivered / read / failed), one entry per release, recipient and channel, oldest first.
 * Another user's message is not found.
 */
export async function readMessageReceipts({
  db,
  masterKeys,
  userId,
  messageId,
  usesOutbox,
}: {
  db: Db;
  masterKeys: MasterKeys;
  userId: string;
  messageId: string;
  /** This server keeps its mail in the local outbox (no mail server). */
  usesOutbox: boolean;
}): Promise<DeliveryReceipt[]> {
  await findOwnedMessage({ db, userId, messageId });
  const rows = await db
    .select({
      log: reminderDeliveryLog,
      recipient: {
        id: recipients.id,
        keyId: recipients.keyId,
        wrappedKey: recipients.wrappedKey,
        name: recipients.name,
      },
    })
    .from(reminderDeliveryLog)
    .innerJoin(deliveries, and(eq(deliveries.id, reminderDeliveryLog.deliveryId), eq(deliveries.kind, "release")))
    .leftJoin(recipients, eq(recipients.id, reminderDeliveryLog.recipientId))
    .where(and(eq(reminderDeliveryLog.messageId, messageId), isNotNull(reminderDeliveryLog.deliveryId)))
    .orderBy(asc(reminderDeliveryLog.createdAt), asc(reminderDeliveryLog.attempt));

  const byKey = new Map<string, DeliveryReceipt>();
  for (const { log, recipient } of rows) {
    const key = `${log.reminderId}|${log.deliveryId}|${log.deliveryChannel}`;
    const seen = byKey.get(key);
    const data = log.responseData;
    const latest: DeliveryReceipt = {
      release_id: log.reminderId,
      // Not null: the query keeps only rows with a delivery.
      delivery_id: log.deliveryId!,
      recipient_id: log.recipientId,
      recipient_name: recipient ? recipientName(masterKeys, recipient) : "A deleted recipient",
      channel: log.deliveryChannel as ChannelId,
      address: log.recipient,
      status: log.deliveryStatus,
      kept_locally: log.deliveryStatus !== "failed" && keptLocally(log, usesOutbox),
      fallback: data.fallback_method === log.deliveryChannel,
      error: log.deliveryStatus === "failed" ? log.error : null,
      permanent: data.permanent === true,
      attempts: (seen?.attempts ?? 0) + 1,
      first_at: seen?.first_at ?? log.createdAt.toISOString(),
      at: (log.statusAt ?? log.createdAt).toISOString(),
    };
    byKey.set(key, latest);
  }
  return [...byKey.values()];
}

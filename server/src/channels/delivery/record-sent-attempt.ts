import { eq } from "drizzle-orm";
import type { Db } from "../../db/connect.ts";
import { reminderDeliveryLog } from "../../db/schema.ts";
import type { ChannelId, StatusListener } from "../channel.ts";
import { lockProviderMessage, replayStoredReceipts } from "../record-status.ts";

type LogRow = typeof reminderDeliveryLog.$inferInsert & { deliveryChannel: ChannelId };

/** The attempt's log row once the receipts that came before it were applied. */
export interface RecordedAttempt {
  status: "sent" | "delivered" | "read" | "failed";
  /** For a failure: whether the same channel could take it later. */
  permanent: boolean;
  error: string | null;
}

/**
 * Logs an attempt a provider took ("sent"), and applies any status webhook that arrived for it
 * before this row existed (a provider may report at once; record-status.ts explains the lock).
 * The answer is the row as it now stands: a sender that finds its attempt already failed acts on
 * it as on a failed send (the next channel, or a retry), since the delivery is still in its hands.
 */
export async function recordSentAttempt({
  db,
  row,
  listeners,
}: {
  db: Db;
  row: LogRow;
  listeners: readonly StatusListener[];
}): Promise<RecordedAttempt> {
  const channel = row.deliveryChannel;
  const providerMessageId = row.providerMessageId;
  if (channel === "email" || !providerMessageId) {
    await db.insert(reminderDeliveryLog).values(row);
    return { status: "sent", permanent: false, error: null };
  }
  return db.transaction(async (tx) => {
    await lockProviderMessage(tx, channel, providerMessageId);
    const [inserted] = await tx.insert(reminderDeliveryLog).values(row).returning({ id: reminderDeliveryLog.id });
    await replayStoredReceipts(tx, { channel, providerMessageId, listeners });
    const [now] = await tx
      .select({
        status: reminderDeliveryLog.deliveryStatus,
        responseData: reminderDeliveryLog.responseData,
        error: reminderDeliveryLog.error,
      })
      .from(reminderDeliveryLog)
      .where(eq(reminderDeliveryLog.id, inserted!.id));
    return {
      status: now!.status,
      permanent: now!.status === "failed" && now!.responseData.permanent === true,
      error: now!.status === "failed" ? now!.error : null,
    };
  });
}

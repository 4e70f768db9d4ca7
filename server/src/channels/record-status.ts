import type { Db, Tx } from "../db/connect.ts";
import { channelReceipts } from "../db/schema.ts";
import type { StatusUpdate } from "./channel.ts";

/**
 * Runs inside the transaction that stored a new receipt: how the engine (phase 2) updates
 * reminder_delivery_log by provider message id. A listener that throws rolls the receipt back,
 * and the provider's retry brings it again.
 */
export type StatusListener = (update: StatusUpdate, tx: Tx) => Promise<void>;

/** Stores a status webhook once per (message, status); a repeated one returns false and changes nothing. */
export async function recordStatus({
  db,
  update,
  listeners,
}: {
  db: Db;
  update: StatusUpdate;
  listeners: readonly StatusListener[];
}): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(channelReceipts)
      .values({
        channel: update.channel,
        providerMessageId: update.providerMessageId,
        status: update.status,
        providerStatus: update.providerStatus,
        recipient: update.recipient,
        occurredAt: update.occurredAt,
        errorCode: update.error?.code ?? null,
        errorMessage: update.error?.message.slice(0, 500) ?? null,
        permanent: update.error ? update.error.permanent : null,
      })
      .onConflictDoNothing()
      .returning({ id: channelReceipts.id });
    if (!row) return false;
    for (const listener of listeners) await listener(update, tx);
    return true;
  });
}

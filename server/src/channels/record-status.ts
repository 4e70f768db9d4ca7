import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/connect.ts";
import { channelReceipts } from "../db/schema.ts";
import type { PhoneChannelId, StatusListener, StatusUpdate } from "./channel.ts";

/**
 * Serialises everything done about one provider message: storing its receipts, and logging the
 * attempt that sent it. A status webhook may arrive before the sender has written its log row (the
 * provider answers both at once); without this lock each transaction could miss the other's
 * uncommitted row and the receipt — a failure that should move the delivery to the next channel —
 * would be stored and never acted on. Held to the end of the transaction.
 */
export async function lockProviderMessage(tx: Tx, channel: string, providerMessageId: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`receipt:${channel}:${providerMessageId}`}, 0))`,
  );
}

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
    await lockProviderMessage(tx, update.channel, update.providerMessageId);
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

const ORDER = { sent: 0, delivered: 1, read: 2, failed: 3 } as const;

/**
 * Runs the listeners again over the receipts already stored for a provider message, in the order
 * the statuses progress: for the sender, which logs its attempt after the provider answered and may
 * find the provider's word already there. The caller holds lockProviderMessage.
 */
export async function replayStoredReceipts(
  tx: Tx,
  {
    channel,
    providerMessageId,
    listeners,
  }: { channel: PhoneChannelId; providerMessageId: string; listeners: readonly StatusListener[] },
): Promise<void> {
  const rows = await tx
    .select()
    .from(channelReceipts)
    .where(and(eq(channelReceipts.channel, channel), eq(channelReceipts.providerMessageId, providerMessageId)));
  rows.sort((a, b) => ORDER[a.status] - ORDER[b.status]);
  for (const r of rows) {
    const update: StatusUpdate = {
      channel,
      providerMessageId,
      status: r.status,
      providerStatus: r.providerStatus,
      recipient: r.recipient,
      occurredAt: r.occurredAt,
      error:
        r.errorCode !== null || r.errorMessage !== null
          ? { code: r.errorCode ?? "", message: r.errorMessage ?? r.providerStatus, permanent: r.permanent ?? true }
          : null,
    };
    for (const listener of listeners) await listener(update, tx);
  }
}

import type { Message, RecipientChannel } from "@trigger-switch/contracts";
import { and, eq, inArray } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import { pruneConditionRecipients } from "../conditions/prune-condition-recipients.ts";
import type { MasterKeys } from "../crypto/master-keys.ts";
import type { Db, Tx } from "../db/connect.ts";
import { messageRecipients, recipients } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { findOwnedMessage } from "./find-owned-message.ts";
import { getMessage } from "./get-message.ts";

interface Options {
  db: Db;
  clock: Clock;
  masterKeys: MasterKeys;
  userId: string;
  messageId: string;
  recipientIds: string[];
  timeZone?: string;
  /** The channels this server sends by (`deliveredBy`): readiness counts a recipient reachable on them. */
  delivered: readonly RecipientChannel[];
}

/** Replaces the message's recipient list with the caller's own recipients given. */
export async function setMessageRecipients({
  db,
  clock,
  masterKeys,
  userId,
  messageId,
  recipientIds,
  timeZone,
  delivered,
}: Options): Promise<Message> {
  await db.transaction(async (tx) => {
    const message = await findOwnedMessage({ db: tx, userId, messageId, forUpdate: true });
    await replaceMessageRecipients({ tx, clock, userId, messageId: message.id, recipientIds });
  });
  return getMessage({ db, clock, masterKeys, userId, messageId, timeZone, delivered });
}

/** The replacement inside the caller's transaction, on a message whose ownership it checked. */
export async function replaceMessageRecipients({
  tx,
  clock,
  userId,
  messageId,
  recipientIds,
}: {
  tx: Tx;
  clock: Clock;
  userId: string;
  messageId: string;
  recipientIds: string[];
}): Promise<void> {
  const owned = recipientIds.length
    ? await tx
        .select({ id: recipients.id })
        .from(recipients)
        .where(and(eq(recipients.userId, userId), inArray(recipients.id, recipientIds)))
    : [];
  if (owned.length !== recipientIds.length) {
    // Someone else's recipient id is answered like an unknown one.
    throw new AppError("validation_failed", "Some of these recipients do not exist.", {
      recipient_ids: "Choose from your own recipients",
    });
  }
  const before = await tx
    .select({ id: messageRecipients.recipientId })
    .from(messageRecipients)
    .where(eq(messageRecipients.messageId, messageId));
  const removed = before.map((r) => r.id).filter((id) => !recipientIds.includes(id));
  const added = recipientIds.filter((id) => !before.some((r) => r.id === id));
  if (removed.length)
    await tx
      .delete(messageRecipients)
      .where(and(eq(messageRecipients.messageId, messageId), inArray(messageRecipients.recipientId, removed)));
  if (added.length)
    await tx
      .insert(messageRecipients)
      .values(added.map((recipientId) => ({ messageId, recipientId, createdAt: clock.now() })));
  await pruneConditionRecipients({ tx, clock, messageIds: [messageId], removed });
}

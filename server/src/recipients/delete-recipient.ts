import { eq, inArray } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import { pruneConditionRecipients } from "../conditions/prune-condition-recipients.ts";
import { messageCipherOf } from "../crypto/message-cipher.ts";
import type { MasterKeys } from "../crypto/master-keys.ts";
import type { Db } from "../db/connect.ts";
import { messageRecipients, messages, recipients } from "../db/schema.ts";
import { findOwnedRecipient } from "./find-owned-recipient.ts";

interface Options {
  db: Db;
  clock: Clock;
  masterKeys: MasterKeys;
  userId: string;
  recipientId: string;
}

/** Deletes the recipient and its message links, and says which messages lost it and which conditions were disarmed. */
export async function deleteRecipient({ db, clock, masterKeys, userId, recipientId }: Options) {
  const recipient = await findOwnedRecipient({ db, masterKeys, userId, recipientId });
  const { affected, disarmed } = await db.transaction(async (tx) => {
    const links = await tx
      .select({ messageId: messageRecipients.messageId })
      .from(messageRecipients)
      .where(eq(messageRecipients.recipientId, recipient.id));
    const messageIds = links.map((l) => l.messageId);
    const disarmed = await pruneConditionRecipients({ tx, clock, messageIds, removed: [recipient.id] });
    await tx.delete(recipients).where(eq(recipients.id, recipient.id));
    const affected = messageIds.length ? await tx.select().from(messages).where(inArray(messages.id, messageIds)) : [];
    return { affected, disarmed };
  });
  return {
    removed_from_messages: affected.map((m) => ({
      id: m.id,
      title: messageCipherOf(masterKeys, m).openText("title", m.title),
    })),
    disarmed_conditions: disarmed,
  };
}

import { eq } from "drizzle-orm";
import type { AttachmentStorage } from "../attachments/attachment-storage.ts";
import type { Db } from "../db/connect.ts";
import { messageAttachments, messages } from "../db/schema.ts";
import { findOwnedMessage } from "./find-owned-message.ts";

/**
 * Deletes the message; the database cascades to its conditions, recipient links and attachment
 * rows, then the attachment blobs are removed. A crash in between leaves unreadable orphan
 * blobs (their data key is gone with the row), never a message that looks half-deleted.
 */
export async function deleteMessage({
  db,
  storage,
  userId,
  messageId,
}: {
  db: Db;
  storage: AttachmentStorage;
  userId: string;
  messageId: string;
}): Promise<void> {
  const message = await findOwnedMessage({ db, userId, messageId });
  const blobs = await db
    .select({ key: messageAttachments.storageKey })
    .from(messageAttachments)
    .where(eq(messageAttachments.messageId, message.id));
  await db.delete(messages).where(eq(messages.id, message.id));
  for (const { key } of blobs) await storage.remove(key);
}

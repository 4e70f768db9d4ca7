import { eq } from "drizzle-orm";
import type { Db } from "../db/connect.ts";
import { messageAttachments } from "../db/schema.ts";
import type { AttachmentStorage } from "./attachment-storage.ts";
import { findOwnedAttachment } from "./find-owned-attachment.ts";

/** Removes the row, then the blob (a crash in between leaves only an unreadable orphan blob, never a dangling row). */
export async function deleteAttachment({
  db,
  storage,
  userId,
  messageId,
  attachmentId,
}: {
  db: Db;
  storage: AttachmentStorage;
  userId: string;
  messageId: string;
  attachmentId: string;
}): Promise<void> {
  const { attachment } = await findOwnedAttachment({ db, userId, messageId, attachmentId });
  await db.delete(messageAttachments).where(eq(messageAttachments.id, attachment.id));
  await storage.remove(attachment.storageKey);
}

import { and, eq } from "drizzle-orm";
import type { Db } from "../db/connect.ts";
import { isUuid } from "../db/owned-row.ts";
import { messageAttachments } from "../db/schema.ts";
import { notFound } from "../errors.ts";
import { findOwnedMessage, type MessageRow } from "../messages/find-owned-message.ts";
import type { AttachmentRow } from "./to-attachment-dto.ts";

/** The caller's attachment of the caller's message, or 404 (also for another user's ids). */
export async function findOwnedAttachment({
  db,
  userId,
  messageId,
  attachmentId,
}: {
  db: Db;
  userId: string;
  messageId: string;
  attachmentId: string;
}): Promise<{ message: MessageRow; attachment: AttachmentRow }> {
  const message = await findOwnedMessage({ db, userId, messageId });
  const [attachment] = isUuid(attachmentId)
    ? await db
        .select()
        .from(messageAttachments)
        .where(and(eq(messageAttachments.id, attachmentId), eq(messageAttachments.messageId, message.id)))
    : [];
  if (!attachment) throw notFound("Attachment not found");
  return { message, attachment };
}

import type { Attachment } from "@trigger-switch/contracts";
import type { MessageCipher } from "../crypto/message-cipher.ts";
import type { messageAttachments } from "../db/schema.ts";
import { attachmentNameField } from "./attachment-fields.ts";

export type AttachmentRow = typeof messageAttachments.$inferSelect;

export function toAttachmentDto(cipher: MessageCipher, row: AttachmentRow): Attachment {
  return {
    id: row.id,
    message_id: row.messageId,
    file_name: cipher.openText(attachmentNameField(row.id), row.fileName),
    content_type: row.contentType,
    size_bytes: row.sizeBytes,
    sealed: row.sealed,
    created_at: row.createdAt.toISOString(),
  };
}

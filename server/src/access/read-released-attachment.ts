import { and, eq } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import type { MasterKeys } from "../crypto/master-keys.ts";
import { messageCipherOf } from "../crypto/message-cipher.ts";
import type { Db } from "../db/connect.ts";
import { isUuid } from "../db/owned-row.ts";
import { messageAttachments, messages } from "../db/schema.ts";
import { notFound } from "../errors.ts";
import { attachmentBytesField, attachmentNameField } from "../attachments/attachment-fields.ts";
import type { AttachmentStorage } from "../attachments/attachment-storage.ts";
import { findAccessGrant, NO_ACCESS } from "./find-access-grant.ts";
import { sealedDownloadName } from "../sealing/sealed-download-name.ts";

/** An attachment for a recipient whose link is open; locked, expired or wrong links get the same 404. */
export async function readReleasedAttachment({
  db,
  clock,
  masterKeys,
  storage,
  messageId,
  attachmentId,
  token,
}: {
  db: Db;
  clock: Clock;
  masterKeys: MasterKeys;
  storage: AttachmentStorage;
  messageId: string;
  attachmentId: string;
  token: string | undefined;
}): Promise<{ fileName: string; contentType: string; bytes: Buffer }> {
  const { open } = await findAccessGrant({ db, clock, messageId, token });
  if (!open || !isUuid(attachmentId)) throw notFound(NO_ACCESS);
  const [attachment] = await db
    .select()
    .from(messageAttachments)
    .where(and(eq(messageAttachments.id, attachmentId), eq(messageAttachments.messageId, messageId)));
  const [message] = await db.select().from(messages).where(eq(messages.id, messageId));
  if (!attachment || !message) throw notFound(NO_ACCESS);
  const cipher = messageCipherOf(masterKeys, message);
  const bytes = cipher.openBytes(attachmentBytesField(attachment.id), await storage.get(attachment.storageKey));
  return {
    fileName: sealedDownloadName(
      cipher.openText(attachmentNameField(attachment.id), attachment.fileName),
      attachment.sealed,
    ),
    contentType: attachment.contentType,
    bytes,
  };
}

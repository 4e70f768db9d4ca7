import { messageCipherOf } from "../crypto/message-cipher.ts";
import type { MasterKeys } from "../crypto/master-keys.ts";
import type { Db } from "../db/connect.ts";
import { attachmentBytesField, attachmentNameField } from "./attachment-fields.ts";
import type { AttachmentStorage } from "./attachment-storage.ts";
import { findOwnedAttachment } from "./find-owned-attachment.ts";
import { sealedDownloadName } from "../sealing/sealed-download-name.ts";

interface Options {
  db: Db;
  masterKeys: MasterKeys;
  storage: AttachmentStorage;
  userId: string;
  messageId: string;
  attachmentId: string;
}

/** The decrypted file for its owner; the type is the one detected at upload. A sealed file stays an age file (`name.age`). */
export async function readAttachment({
  db,
  masterKeys,
  storage,
  ...ids
}: Options): Promise<{ fileName: string; contentType: string; bytes: Buffer }> {
  const { message, attachment } = await findOwnedAttachment({ db, ...ids });
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

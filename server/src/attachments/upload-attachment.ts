import { randomUUID } from "node:crypto";
import { ATTACHMENT_NAME_MAX, ATTACHMENT_TYPES_TEXT, type Attachment } from "@trigger-switch/contracts";
import { count, eq, max } from "drizzle-orm";
import { limitsFor } from "../billing/limits-for.ts";
import { planLimitError } from "../billing/plan-limit-error.ts";
import type { Config } from "../config.ts";
import type { Clock } from "../clock.ts";
import { messageCipherOf } from "../crypto/message-cipher.ts";
import type { MasterKeys } from "../crypto/master-keys.ts";
import type { Db } from "../db/connect.ts";
import { messageAttachments } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { findOwnedMessage } from "../messages/find-owned-message.ts";
import { attachmentBytesField, attachmentNameField } from "./attachment-fields.ts";
import type { AttachmentStorage } from "./attachment-storage.ts";
import { detectFileType } from "./detect-file-type.ts";
import { toAttachmentDto } from "./to-attachment-dto.ts";
import { checkSealedFile } from "../sealing/check-sealed.ts";

/** The stored type of a sealed file: the server cannot know what is inside. */
export const SEALED_FILE_TYPE = "application/octet-stream";

interface Options {
  db: Db;
  config: Config;
  clock: Clock;
  masterKeys: MasterKeys;
  storage: AttachmentStorage;
  userId: string;
  messageId: string;
  fileName: string;
  /** An age file encrypted in the browser (POST …/attachments?sealed=true); only a sealed message takes one. */
  sealed: boolean;
  /** Reads the upload; called only once the message is known to be the caller's. */
  readBytes(): Promise<Buffer>;
}

/**
 * Stores a file of an accepted type (by content), or a sealed file (a passphrase-only age file, whose
 * plaintext size counts against the plan like any file's), encrypted with the message's data key under a
 * random storage key. The blob is written before the row; if the row cannot be added (limit,
 * failure) the blob is removed again.
 */
export async function uploadAttachment({
  db,
  config,
  clock,
  masterKeys,
  storage,
  userId,
  messageId,
  fileName,
  sealed,
  readBytes,
}: Options): Promise<Attachment> {
  const message = await findOwnedMessage({ db, userId, messageId });
  refuseMismatch(message.sealedText !== null, sealed);
  const limits = await limitsFor({ db, config, userId });
  const upload = await readBytes();
  const { file: bytes, plaintextSize } = sealed
    ? checkSealedFile(upload)
    : { file: upload, plaintextSize: upload.length };
  if (plaintextSize > limits.maxAttachmentBytes)
    throw planLimitError(config, limits, { kind: "attachment_bytes", usage: plaintextSize });
  const contentType = sealed ? SEALED_FILE_TYPE : detectFileType(bytes);
  if (!contentType)
    throw new AppError(
      "unsupported_media_type",
      `This file type is not accepted. Accepted: ${ATTACHMENT_TYPES_TEXT}.`,
      { file: "This file type is not accepted" },
    );

  const id = randomUUID();
  const cipher = messageCipherOf(masterKeys, message);
  const storageKey = storage.newKey();
  await storage.put(storageKey, cipher.sealBytes(attachmentBytesField(id), bytes));
  try {
    const row = await db.transaction(async (tx) => {
      await findOwnedMessage({ db: tx, userId, messageId, forUpdate: true }); // serialises uploads to one message
      // A new file goes after the others, wherever the owner has arranged them.
      const [existing] = await tx
        .select({ n: count(), last: max(messageAttachments.position) })
        .from(messageAttachments)
        .where(eq(messageAttachments.messageId, message.id));
      const usage = existing?.n ?? 0;
      if (usage >= limits.maxAttachmentsPerMessage)
        throw planLimitError(config, limits, { kind: "attachments", usage });
      const [inserted] = await tx
        .insert(messageAttachments)
        .values({
          id,
          messageId: message.id,
          userId,
          fileName: cipher.sealText(attachmentNameField(id), cleanFileName(fileName)),
          contentType,
          sizeBytes: plaintextSize,
          sealed,
          storageKey,
          position: (existing?.last ?? -1) + 1,
          createdAt: clock.now(),
        })
        .returning();
      return inserted!;
    });
    return toAttachmentDto(cipher, row);
  } catch (err) {
    await storage.remove(storageKey);
    throw err;
  }
}

/** A sealed message takes only sealed files, and only a sealed message takes them: plaintext never joins ciphertext. */
function refuseMismatch(messageSealed: boolean, fileSealed: boolean): void {
  if (messageSealed === fileSealed) return;
  const message = messageSealed
    ? "This message is sealed: its files must be sealed in your browser too. The file was not saved."
    : "This message is not sealed: seal the message before adding sealed files. The file was not saved.";
  throw new AppError("conflict", message, { file: message });
}

/**
 * The last path segment, without control characters, at most 255 characters; "attachment" if
 * nothing is left. Browsers send `"`, CR and LF in file names as %22, %0D and %0A (HTML's
 * multipart rules), which the parser leaves as they are; they are turned back here.
 */
function cleanFileName(name: string): string {
  const decoded = name.replace(/%22/g, '"').replace(/%0[ad]/gi, "");
  // eslint-disable-next-line no-control-regex
  const base = (decoded.split(/[\\/]/).pop() ?? "").replace(/[\u0000-\u001f\u007f]/g, "").trim();
  return [...base].slice(0, ATTACHMENT_NAME_MAX).join("") || "attachment";
}

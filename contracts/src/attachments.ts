import { z } from "zod";

/**
 * Accepted attachment types, recognised from the file's bytes (the client's Content-Type and
 * name are not trusted). Zip archives are refused: they cannot be checked and are a common
 * carrier of malware; office documents (which are zips inside) are recognised by their content.
 */
export const ATTACHMENT_TYPES = [
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
  "image/heic",
  "application/pdf",
  "text/plain",
  "audio/mpeg",
  "audio/mp4",
  "audio/aac",
  "audio/ogg",
  "audio/wav",
  "video/mp4",
  "video/webm",
  "video/quicktime",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  "application/vnd.oasis.opendocument.text",
] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];

export const ATTACHMENT_TYPES_TEXT =
  "images (PNG, JPEG, GIF, WebP, HEIC), PDF, plain text, audio (MP3, M4A/AAC, Ogg, WAV), video (MP4, WebM, MOV) and office documents (DOCX, XLSX, PPTX, ODT)";

export const attachmentSchema = z.object({
  id: z.string(),
  message_id: z.string(),
  file_name: z.string(),
  content_type: z.string(),
  /** Of a sealed file, the size of the plaintext (read from the age file's length). */
  size_bytes: z.number(),
  /** An age file encrypted in the owner's browser: it downloads as ciphertext, opened with the passphrase. */
  sealed: z.boolean(),
  created_at: z.string(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

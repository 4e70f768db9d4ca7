import { asc } from "drizzle-orm";
import { messageAttachments } from "../db/schema.ts";

/**
 * The one order of a message's attachments, wherever they are listed (the owner's message, the
 * recipient's access page, the export): as the owner arranged them (`position`, set by the save),
 * then by upload for equal positions (rows from before the column, uploads after the save).
 */
export const attachmentOrder = [
  asc(messageAttachments.position),
  asc(messageAttachments.createdAt),
  asc(messageAttachments.id),
] as const;

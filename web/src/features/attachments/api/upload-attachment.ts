import { attachmentSchema, type Attachment } from "@trigger-switch/contracts";
import type { ApiClient } from "@/lib/api-client";

/** POST /api/messages/:id/attachments as multipart field `file`. */
export function uploadAttachment(api: ApiClient, messageId: string, file: File): Promise<Attachment> {
  const body = new FormData();
  body.append("file", file);
  return api.upload(`/api/messages/${encodeURIComponent(messageId)}/attachments`, body, attachmentSchema);
}

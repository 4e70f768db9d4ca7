import { attachmentSchema, type Attachment } from "@trigger-switch/contracts";
import type { ApiClient } from "@/lib/api-client";

/** POST /api/messages/:id/attachments as multipart field `file`; `sealed`: an age file made in this browser. */
export function uploadAttachment(
  api: ApiClient,
  messageId: string,
  file: File,
  { sealed = false }: { sealed?: boolean } = {},
): Promise<Attachment> {
  const body = new FormData();
  body.append("file", file);
  const path = `/api/messages/${encodeURIComponent(messageId)}/attachments${sealed ? "?sealed=true" : ""}`;
  return api.upload(path, body, attachmentSchema);
}

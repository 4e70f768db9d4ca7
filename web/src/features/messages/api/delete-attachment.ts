import type { ApiClient } from "@/lib/api-client";

/** DELETE /api/messages/:id/attachments/:attachmentId. */
export function deleteAttachment(api: ApiClient, messageId: string, attachmentId: string): Promise<null> {
  return api.delete<null>(`/api/messages/${encodeURIComponent(messageId)}/attachments/${encodeURIComponent(attachmentId)}`);
}

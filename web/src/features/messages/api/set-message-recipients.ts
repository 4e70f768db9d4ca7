import { messageSchema, type Message } from "@trigger-switch/contracts";
import type { ApiClient } from "@/lib/api-client";
import { withTimeZone } from "@/lib/time-zone";

/** PUT /api/messages/:id/recipients: the whole list, replacing the previous one. */
export function setMessageRecipients(api: ApiClient, id: string, recipientIds: string[]): Promise<Message> {
  return api.put(withTimeZone(`/api/messages/${encodeURIComponent(id)}/recipients`), { recipient_ids: recipientIds }, messageSchema);
}

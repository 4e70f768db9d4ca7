import { messageSchema, type Message, type MessageUpdate } from "@trigger-switch/contracts";
import type { ApiClient } from "@/lib/api-client";
import { withTimeZone } from "@/lib/time-zone";

/** PATCH /api/messages/:id (used by the editor's save). */
export function updateMessage(api: ApiClient, id: string, changes: MessageUpdate): Promise<Message> {
  return api.patch(withTimeZone(`/api/messages/${encodeURIComponent(id)}`), changes, messageSchema);
}

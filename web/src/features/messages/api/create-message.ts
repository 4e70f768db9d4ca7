import { messageSchema, type Message, type MessageCreate } from "@trigger-switch/contracts";
import type { ApiClient } from "@/lib/api-client";

/** POST /api/messages (used by the editor's save, see save-message.ts). */
export function createMessage(api: ApiClient, input: MessageCreate): Promise<Message> {
  return api.post("/api/messages", input, messageSchema);
}

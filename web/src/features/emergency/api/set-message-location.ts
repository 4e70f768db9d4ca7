import {
  messageLocationResponse,
  type MessageLocationBody,
  type MessageLocationResponse,
} from "@trigger-switch/contracts";
import type { ApiClient } from "@/lib/api-client";

/** PUT /api/messages/:id/location: stores the position with the message; the server names the place. */
export function setMessageLocation(
  api: ApiClient,
  messageId: string,
  body: MessageLocationBody,
): Promise<MessageLocationResponse> {
  return api.put(`/api/messages/${encodeURIComponent(messageId)}/location`, body, messageLocationResponse);
}

import { useQuery } from "@tanstack/react-query";
import { releasedMessageSchema, type OpenReleasedMessage, type ReleasedMessage } from "@trigger-switch/contracts";
import { isApiError, type ApiClient } from "@/lib/api-client";
import { useApi } from "@/lib/services";

export type { ReleasedMessage } from "@trigger-switch/contracts";
/** The open message as the server sends it (contracts/src/access.ts, shared with the server's route). */
export type OpenMessage = OpenReleasedMessage;

export const releasedMessageQueryKey = (id: string, token: string) => ["released-message", id, token] as const;

/**
 * Null for the server's one 404 (wrong, expired or withdrawn link) — also without a token, which
 * cannot open anything, so no request is made then.
 */
export async function getReleasedMessage(api: ApiClient, id: string, token: string): Promise<ReleasedMessage | null> {
  if (!token) return null;
  try {
    return await api.get(`/api/access/${encodeURIComponent(id)}?t=${encodeURIComponent(token)}`, releasedMessageSchema);
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

/**
 * How often a waiting page asks again while the reader has it open: the owner may withdraw the
 * release during its delay, and the page must say so within seconds, not at the next opening. Four
 * requests a minute sit well inside the access route's 60 a minute per token and per address.
 */
export const WAITING_POLL_MS = 15_000;

/** While locked, look again every WAITING_POLL_MS, and just after it opens (at least 1 s apart). */
export function lockedRefetchDelay(message: ReleasedMessage | null | undefined, now = Date.now()): number | false {
  if (message?.state !== "locked") return false;
  return Math.min(Math.max(Date.parse(message.opens_at) - now + 1000, 1000), WAITING_POLL_MS);
}

export function useReleasedMessage(id: string, token: string) {
  const api = useApi();
  return useQuery({
    queryKey: releasedMessageQueryKey(id, token),
    queryFn: () => getReleasedMessage(api, id, token),
    staleTime: Infinity,
    // A recipient waiting on the page sees the message open by itself when the delay ends, or the
    // release withdrawn. A hidden page does not ask (React Query's default); shown again, it asks at once.
    refetchInterval: (query) => lockedRefetchDelay(query.state.data),
    refetchOnWindowFocus: (query) => (query.state.data?.state === "locked" ? "always" : false),
  });
}

/** A plain link (a public GET carrying the token): the browser downloads it with the server's headers. */
export function releasedAttachmentUrl(messageId: string, attachmentId: string, token: string): string {
  return `/api/access/${encodeURIComponent(messageId)}/attachments/${encodeURIComponent(attachmentId)}?t=${encodeURIComponent(token)}`;
}

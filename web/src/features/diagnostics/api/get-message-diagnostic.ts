import {
  messageDiagnosticSchema,
  type MessageDiagnostic,
  type OwnerMessageDiagnostic,
  type RecipientMessageDiagnostic,
} from "@trigger-switch/contracts";
import { useQuery } from "@tanstack/react-query";
import { isApiError, type ApiClient } from "@/lib/api-client";
import { useAuth } from "@/lib/auth/auth-context";
import { useApi } from "@/lib/services";

export type { MessageDiagnostic };
export type OwnerDiagnostic = OwnerMessageDiagnostic;
export type RecipientDiagnostic = RecipientMessageDiagnostic;

/** GET /api/diagnostic/message/:id — the owner's whole timeline, or with `?t=` one recipient's release state. Null for the server's 404 (no such message of yours, or no valid link): the page says "not found". */
export async function getMessageDiagnostic(
  api: ApiClient,
  id: string,
  token: string | null,
): Promise<MessageDiagnostic | null> {
  const query = token ? `?t=${encodeURIComponent(token)}` : "";
  try {
    return await api.get(`/api/diagnostic/message/${encodeURIComponent(id)}${query}`, messageDiagnosticSchema);
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

/** Waits for auth to load: the owner's bearer token decides what the server shows. */
export function useMessageDiagnostic(id: string, token: string | null) {
  const api = useApi();
  const { loaded, user } = useAuth();
  return useQuery({
    queryKey: ["message-diagnostic", user?.id ?? "", id, token ?? ""],
    queryFn: () => getMessageDiagnostic(api, id, token),
    enabled: loaded,
  });
}

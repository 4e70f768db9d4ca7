import { messageSchema, type Message } from "@trigger-switch/contracts";
import { useQuery } from "@tanstack/react-query";
import { isApiError, type ApiClient } from "@/lib/api-client";
import { useOwnerTimeZone } from "@/hooks/use-owner-time-zone";
import { useAuth } from "@/lib/auth/auth-context";
import { useApi } from "@/lib/services";
import { withTimeZone } from "@/lib/time-zone";

export const messageQueryKey = (userId: string, id: string) => ["message", userId, id] as const;

/**
 * GET /api/messages/:id. Null when there is no such message of the caller's (404, or 400 for an
 * id that cannot be one): the page shows the message-not-found view, not an error.
 */
export async function getMessage(api: ApiClient, id: string, timeZone: string): Promise<Message | null> {
  try {
    return await api.get(withTimeZone(`/api/messages/${encodeURIComponent(id)}`, timeZone), messageSchema);
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

export function useMessage(id: string) {
  const api = useApi();
  const { user } = useAuth();
  const timeZone = useOwnerTimeZone();
  return useQuery({
    queryKey: messageQueryKey(user?.id ?? "", id),
    queryFn: () => getMessage(api, id, timeZone),
    enabled: user !== null,
  });
}

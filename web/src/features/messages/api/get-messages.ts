import { messageListItemSchema, type MessageListItem } from "@trigger-switch/contracts";
import { useQuery, type QueryClient } from "@tanstack/react-query";
import { z } from "zod";
import type { ApiClient } from "@/lib/api-client";
import { useOwnerTimeZone } from "@/hooks/use-owner-time-zone";
import { useAuth } from "@/lib/auth/auth-context";
import { useApi } from "@/lib/services";
import { withTimeZone } from "@/lib/time-zone";

export const messagesQueryKey = (userId: string) => ["messages", userId] as const;

/** GET /api/messages: titles, previews, conditions and readiness (no full text). */
export function getMessages(api: ApiClient, timeZone: string): Promise<MessageListItem[]> {
  return api.get(withTimeZone("/api/messages", timeZone), z.array(messageListItemSchema));
}

/** `enabled` (default true) lets the header load the list only when it needs titles. */
export function useMessages({ enabled = true }: { enabled?: boolean } = {}) {
  const api = useApi();
  const { user } = useAuth();
  const timeZone = useOwnerTimeZone();
  return useQuery({
    queryKey: messagesQueryKey(user?.id ?? ""),
    queryFn: () => getMessages(api, timeZone),
    enabled: enabled && user !== null,
  });
}

/** Lists, single messages and the header's conditions all show the same data. */
export async function invalidateMessages(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ["messages"] }),
    queryClient.invalidateQueries({ queryKey: ["message"] }),
  ]);
}

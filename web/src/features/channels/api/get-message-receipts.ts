import { messageReceiptsSchema, type DeliveryReceipt } from "@trigger-switch/contracts";
import { useQuery } from "@tanstack/react-query";
import { useAuth } from "@/lib/auth/auth-context";
import { useApi } from "@/lib/services";

export const messageReceiptsKey = (userId: string, messageId: string) =>
  ["message-receipts", userId, messageId] as const;

/**
 * GET /api/messages/:id/receipts: per recipient and channel, what the providers said. Read again
 * every 30 s while something is still on its way (sent, not yet delivered or failed).
 */
export function useMessageReceipts(messageId: string) {
  const api = useApi();
  const { user } = useAuth();
  return useQuery({
    queryKey: messageReceiptsKey(user?.id ?? "", messageId),
    queryFn: (): Promise<DeliveryReceipt[]> =>
      api.get(`/api/messages/${encodeURIComponent(messageId)}/receipts`, messageReceiptsSchema),
    enabled: user !== null,
    refetchInterval: (query) =>
      query.state.data?.some((r) => r.status === "sent" && r.channel !== "email") ? 30_000 : false,
  });
}

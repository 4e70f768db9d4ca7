import { ownerChannelsSchema, type OwnerChannels } from "@trigger-switch/contracts";
import { useQuery, type QueryClient } from "@tanstack/react-query";
import { useApi } from "@/lib/services";

export const ownerChannelsKey = ["owner-channels"] as const;

/**
 * GET /api/profile/channels: the owner's number, its verification and reminder channels. While a
 * code is on its way it is read again every 5 s, so "delivered" or "could not be delivered" shows up.
 */
export function useOwnerChannels() {
  const api = useApi();
  return useQuery({
    queryKey: ownerChannelsKey,
    queryFn: () => api.get("/api/profile/channels", ownerChannelsSchema),
    refetchInterval: (query) =>
      query.state.data?.pending && query.state.data.pending.delivery === "sending" ? 5000 : false,
  });
}

export const storeOwnerChannels = (queryClient: QueryClient, value: OwnerChannels) =>
  queryClient.setQueryData(ownerChannelsKey, value);

/** After the profile's number changed: its proof and any code are the server's to re-tell. */
export const invalidateOwnerChannels = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: ownerChannelsKey });

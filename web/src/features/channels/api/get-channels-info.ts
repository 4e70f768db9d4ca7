import { useQuery } from "@tanstack/react-query";
import { useApi } from "@/lib/services";
import { readChannelsInfo } from "./read-channels-info";

/** GET /api/channels: what this server can do by WhatsApp and SMS. It does not change while the page is open. */
export function useChannelsInfo() {
  const api = useApi();
  return useQuery({
    queryKey: ["channels-info"],
    queryFn: async () => readChannelsInfo(await api.get<unknown>("/api/channels")),
    staleTime: Infinity,
  });
}

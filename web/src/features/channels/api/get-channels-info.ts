import { channelsInfoSchema } from "@trigger-switch/contracts";
import { useQuery } from "@tanstack/react-query";
import { useApi } from "@/lib/services";

/** GET /api/channels: what this server can do by WhatsApp and SMS. It does not change while the page is open. */
export function useChannelsInfo() {
  const api = useApi();
  return useQuery({
    queryKey: ["channels-info"],
    queryFn: () => api.get("/api/channels", channelsInfoSchema),
    staleTime: Infinity,
  });
}

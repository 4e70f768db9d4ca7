import { pushInfoSchema } from "@trigger-switch/contracts";
import { useQuery } from "@tanstack/react-query";
import { useApi } from "@/lib/services";

/** GET /api/push: whether this server sends push notifications, and the key a browser subscribes with. */
export function usePushInfo() {
  const api = useApi();
  return useQuery({
    queryKey: ["push-info"],
    queryFn: () => api.get("/api/push", pushInfoSchema),
    staleTime: Infinity,
  });
}

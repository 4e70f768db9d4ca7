import { useQuery } from "@tanstack/react-query";
import { serverMetaSchema } from "@trigger-switch/contracts";
import { useApi } from "@/lib/services";

/** GET /api/meta: how this server is set up. It does not change while the page is open. */
export function useServerMeta() {
  const api = useApi();
  return useQuery({
    queryKey: ["server-meta"],
    queryFn: () => api.get("/api/meta", serverMetaSchema),
    staleTime: Infinity,
  });
}

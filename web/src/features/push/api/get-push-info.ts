import { pushInfoSchema, type PushInfo } from "@trigger-switch/contracts";
import { useQuery } from "@tanstack/react-query";
import { isApiError } from "@/lib/api-client";
import { useApi } from "@/lib/services";

const off: PushInfo = { available: false, public_key: null };

/**
 * GET /api/push: whether this server sends push notifications, and the key a browser subscribes
 * with. A server from before push has no such route: for the owner, push is simply off there.
 */
export function usePushInfo() {
  const api = useApi();
  return useQuery({
    queryKey: ["push-info"],
    queryFn: () =>
      api.get("/api/push", pushInfoSchema).catch((error: unknown) => {
        if (isApiError(error) && error.status === 404) return off;
        throw error;
      }),
    staleTime: Infinity,
  });
}

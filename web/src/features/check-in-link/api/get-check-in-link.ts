import { useQuery } from "@tanstack/react-query";
import { checkInLinkSchema, type CheckInLink } from "@trigger-switch/contracts";
import { isApiError, type ApiClient } from "@/lib/api-client";
import { useApi } from "@/lib/services";

export const checkInLinkQueryKey = (token: string) => ["check-in-link", token] as const;

/**
 * POST /api/check-in/token/lookup { token } — whether a reminder's link still works; it never
 * checks in (mail scanners follow links). The token goes in the body so no log records it. Null
 * for the server's one generic 404: unknown, used or expired look the same.
 */
export async function getCheckInLink(api: ApiClient, token: string): Promise<CheckInLink | null> {
  try {
    return await api.post("/api/check-in/token/lookup", { token }, checkInLinkSchema);
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export function useCheckInLink(token: string) {
  const api = useApi();
  // Never refetched by itself: after a check-in the link is used up, and the page shows the answer.
  return useQuery({
    queryKey: checkInLinkQueryKey(token),
    queryFn: () => getCheckInLink(api, token),
    staleTime: Infinity,
  });
}

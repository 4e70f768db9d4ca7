import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { isApiError, type ApiClient } from "@/lib/api-client";
import { useApi } from "@/lib/services";

export const checkInLinkSchema = z.object({
  valid: z.literal(true),
  owner_first_name: z.string().nullable(),
  /** Messages with an armed check-in condition: what goes out if nobody checks in. */
  message_count: z.number(),
  next_deadline: z.string().nullable(),
});
export type CheckInLink = z.infer<typeof checkInLinkSchema>;

export const checkInLinkQueryKey = (token: string) => ["check-in-link", token] as const;

/**
 * GET /api/check-in/token/:token — describes a reminder's link and never checks in (mail scanners
 * follow links). Null for the server's one generic 404: unknown, used or expired look the same.
 */
export async function getCheckInLink(api: ApiClient, token: string): Promise<CheckInLink | null> {
  try {
    return await api.get(`/api/check-in/token/${encodeURIComponent(token)}`, checkInLinkSchema);
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export function useCheckInLink(token: string) {
  const api = useApi();
  // Never refetched by itself: after a check-in the link is used up, and the page shows the answer.
  return useQuery({ queryKey: checkInLinkQueryKey(token), queryFn: () => getCheckInLink(api, token), staleTime: Infinity });
}

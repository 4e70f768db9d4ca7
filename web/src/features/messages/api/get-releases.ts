import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { isApiError, type ApiClient } from "@/lib/api-client";
import { useAuth } from "@/lib/auth/auth-context";
import { useApi } from "@/lib/services";

/** One recipient's access grant of one release (the server lists grants, oldest release first). */
export const releaseGrantSchema = z.object({
  release_id: z.string(),
  grant_id: z.string(),
  /** Null when the recipient was deleted from the address book after the release. */
  recipient: z.object({ id: z.string(), name: z.string(), email: z.string().nullable() }).nullable(),
  released_at: z.string(),
  opens_at: z.string(),
  expires_at: z.string().nullable(),
  first_opened_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  /** From the Emergency button rather than a missed deadline. */
  emergency: z.boolean(),
});
export type ReleaseGrant = z.infer<typeof releaseGrantSchema>;

export const releasesQueryKey = (userId: string, messageId: string) => ["message-releases", userId, messageId] as const;

/** GET /api/messages/:id/releases. A message that is gone (404) has no releases to show. */
export async function getReleases(api: ApiClient, messageId: string): Promise<ReleaseGrant[]> {
  try {
    return await api.get(`/api/messages/${encodeURIComponent(messageId)}/releases`, z.array(releaseGrantSchema));
  } catch (error) {
    if (isApiError(error) && error.status === 404) return [];
    throw error;
  }
}

export function useReleases(messageId: string) {
  const api = useApi();
  const { user } = useAuth();
  return useQuery({ queryKey: releasesQueryKey(user?.id ?? "", messageId), queryFn: () => getReleases(api, messageId), enabled: user !== null });
}

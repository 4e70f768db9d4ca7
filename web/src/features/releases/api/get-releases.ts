import { useQuery } from "@tanstack/react-query";
import { releaseGrantSchema, type ReleaseGrant } from "@trigger-switch/contracts";
import { z } from "zod";
import { isApiError, type ApiClient } from "@/lib/api-client";
import { useAuth } from "@/lib/auth/auth-context";
import { useApi } from "@/lib/services";

export type { ReleaseGrant } from "@trigger-switch/contracts";

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
  return useQuery({
    queryKey: releasesQueryKey(user?.id ?? "", messageId),
    queryFn: () => getReleases(api, messageId),
    enabled: user !== null,
    // While an e-mail is still on its way, its state changes without a live event: look again soon.
    refetchInterval: (query) => releaseRefetchDelay(query.state.data),
  });
}

/** 5 s while a delivery is pending (sending, retrying), else once a minute for first openings. */
export function releaseRefetchDelay(grants: ReleaseGrant[] | undefined): number | false {
  if (!grants || grants.length === 0) return false;
  return grants.some((g) => g.delivery_status === "pending" && !g.cancelled_at) ? 5_000 : 60_000;
}

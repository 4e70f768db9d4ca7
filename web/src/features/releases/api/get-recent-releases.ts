import { ownerReleaseSchema, type OwnerRelease } from "@trigger-switch/contracts";
import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import type { ApiClient } from "@/lib/api-client";
import { useAuth } from "@/lib/auth/auth-context";
import { useApi } from "@/lib/services";
import { releaseRefetchDelay } from "./get-releases";

/**
 * Under "messages" so every refresh of the messages (a live condition update when the engine
 * fires, a check-in, a save) refreshes the releases too.
 */
export const recentReleasesQueryKey = (userId: string) => ["messages", "recent-releases", userId] as const;

/** GET /api/releases: the owner's latest releases, newest first, with each recipient's delivery and first opening. */
export function getRecentReleases(api: ApiClient): Promise<OwnerRelease[]> {
  return api.get("/api/releases", z.array(ownerReleaseSchema));
}

export function useRecentReleases() {
  const api = useApi();
  const { user } = useAuth();
  return useQuery({
    queryKey: recentReleasesQueryKey(user?.id ?? ""),
    queryFn: () => getRecentReleases(api),
    enabled: user !== null,
    refetchInterval: (query) => releaseRefetchDelay(query.state.data?.flatMap((r) => r.grants)),
  });
}

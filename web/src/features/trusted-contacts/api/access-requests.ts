import { ownerAccessRequestSchema, type OwnerAccessRequest } from "@trigger-switch/contracts";
import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { invalidateAccessRequestViews } from "@/lib/access-request-views";
import type { ApiClient } from "@/lib/api-client";
import { useAuth } from "@/lib/auth/auth-context";
import { useApi } from "@/lib/services";

export const accessRequestsQueryKey = (userId: string) => ["access-requests", userId] as const;

/** GET /api/access-requests: the owner's requests for access (docs/decisions/041), newest first, every state, at most 50. */
export function getAccessRequests(api: ApiClient): Promise<OwnerAccessRequest[]> {
  return api.get("/api/access-requests", z.array(ownerAccessRequestSchema));
}

/**
 * A live CHANGED frame refetches the list as soon as a request comes or changes (lib/realtime);
 * these intervals only cover a tab whose live connection is down: every minute while one is
 * waiting (its waiting period may end), every five minutes otherwise (a new one may come).
 */
const WAITING_REFRESH_MS = 60_000;
const IDLE_REFRESH_MS = 5 * 60_000;

export function useAccessRequests() {
  const api = useApi();
  const { user } = useAuth();
  return useQuery({
    queryKey: accessRequestsQueryKey(user?.id ?? ""),
    queryFn: () => getAccessRequests(api),
    enabled: user !== null,
    refetchInterval: (query) =>
      query.state.data?.some((r) => r.state === "waiting") ? WAITING_REFRESH_MS : IDLE_REFRESH_MS,
  });
}

const requestPath = (id: string, verb: "deny" | "revoke") => `/api/access-requests/${encodeURIComponent(id)}/${verb}`;

/**
 * A request's answer replaces it in the list. Refreshed after a refusal too (a 409: it was granted,
 * withdrawn or revoked meanwhile), and with it the releases, which show a grant and its end.
 */
function settle(queryClient: QueryClient): Promise<void> {
  return invalidateAccessRequestViews(queryClient);
}

function useRequestAction(verb: "deny" | "revoke") {
  const api = useApi();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post(requestPath(id, verb), undefined, ownerAccessRequestSchema),
    onSuccess: (answer) =>
      queryClient.setQueryData<OwnerAccessRequest[]>(accessRequestsQueryKey(user?.id ?? ""), (list) =>
        list?.map((r) => (r.id === answer.id ? answer : r)),
      ),
    // Errors become the usual toast (the server's 409 sentence says why).
    onSettled: () => settle(queryClient),
  });
}

/** POST /api/access-requests/:id/deny: only while waiting; the contact is told and nothing is sent. */
export function useDenyAccessRequest() {
  return useRequestAction("deny");
}

/** POST /api/access-requests/:id/revoke: a granted access stops working (the contact may have read it already). */
export function useRevokeAccess() {
  return useRequestAction("revoke");
}

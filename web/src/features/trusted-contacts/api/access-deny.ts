import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { accessDenyViewSchema, type AccessDenyView } from "@trigger-switch/contracts";
import type { ApiClient } from "@/lib/api-client";
import { useApi } from "@/lib/services";
import { isUnknownLink, toastUnlessUnknownLink } from "./contact-link-errors";

export const accessDenyQueryKey = (token: string) => ["access-deny", token] as const;

/**
 * POST /api/access-requests/deny/lookup { token }: the request the owner's mailed Deny link is about.
 * It changes nothing (mail scanners follow links); only the page's button denies. Null for an unknown link.
 */
export async function lookUpAccessDeny(api: ApiClient, token: string): Promise<AccessDenyView | null> {
  try {
    return await api.post("/api/access-requests/deny/lookup", { token }, accessDenyViewSchema);
  } catch (error) {
    if (isUnknownLink(error)) return null;
    throw error;
  }
}

/** POST /api/access-requests/deny { token }: denies every request of that ask still waiting; a second tap changes nothing. */
export function denyByLink(api: ApiClient, token: string) {
  return api.post("/api/access-requests/deny", { token }, accessDenyViewSchema);
}

export function useAccessDeny(token: string) {
  const api = useApi();
  return useQuery({
    queryKey: accessDenyQueryKey(token),
    queryFn: () => lookUpAccessDeny(api, token),
    staleTime: Infinity,
  });
}

export function useDenyByLink(token: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => denyByLink(api, token),
    onSuccess: (view) => queryClient.setQueryData(accessDenyQueryKey(token), view),
    onError: toastUnlessUnknownLink,
    meta: { silentError: true },
  });
}

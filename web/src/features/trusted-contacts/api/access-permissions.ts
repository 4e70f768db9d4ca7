import { accessPermissionsSchema, type AccessPermission, type AccessPermissionsInput } from "@trigger-switch/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "@/lib/api-client";
import { useAuth } from "@/lib/auth/auth-context";
import { useApi } from "@/lib/services";

export const accessPermissionsQueryKey = (userId: string, messageId: string) =>
  ["access-permissions", userId, messageId] as const;

const permissionsPath = (messageId: string) => `/api/messages/${encodeURIComponent(messageId)}/access-permissions`;

/** GET /api/messages/:id/access-permissions: which trusted contacts may ask for this message, each with its waiting period. */
export async function getAccessPermissions(api: ApiClient, messageId: string): Promise<AccessPermission[]> {
  return (await api.get(permissionsPath(messageId), accessPermissionsSchema)).permissions;
}

export function useAccessPermissions(messageId: string) {
  const api = useApi();
  const { user } = useAuth();
  return useQuery({
    queryKey: accessPermissionsQueryKey(user?.id ?? "", messageId),
    queryFn: () => getAccessPermissions(api, messageId),
    enabled: user !== null,
  });
}

/**
 * PUT /api/messages/:id/access-permissions: replaces the whole list. A contact taken off it has their
 * waiting request for this message denied, so the requests are asked again. Errors are the caller's.
 */
export function useSaveAccessPermissions(messageId: string) {
  const api = useApi();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: AccessPermissionsInput) =>
      (await api.put(permissionsPath(messageId), input, accessPermissionsSchema)).permissions,
    onSuccess: (saved) => {
      queryClient.setQueryData(accessPermissionsQueryKey(user?.id ?? "", messageId), saved);
      return queryClient.invalidateQueries({ queryKey: ["access-requests"] });
    },
    meta: { silentError: true },
  });
}

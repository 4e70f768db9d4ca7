import {
  conditionConfirmationSchema,
  type ConditionConfirmation,
  type ConditionConfirmationInput,
} from "@trigger-switch/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "@/lib/api-client";
import { useAuth } from "@/lib/auth/auth-context";
import { useApi } from "@/lib/services";

/**
 * Every condition's confirmation starts with this (lib/conditions-events.ts lists it among the views
 * of conditions, so a check-in, an arm or a live update reloads the stage too).
 */
export const confirmationQueryPrefix = ["condition-confirmation"] as const;
export const confirmationQueryKey = (userId: string, conditionId: string) =>
  [...confirmationQueryPrefix, userId, conditionId] as const;

const confirmationPath = (conditionId: string) => `/api/conditions/${encodeURIComponent(conditionId)}/confirmation`;

/** GET /api/conditions/:id/confirmation: whether trusted contacts are asked first, with what settings, and the stage. */
export function getConditionConfirmation(api: ApiClient, conditionId: string): Promise<ConditionConfirmation> {
  return api.get(confirmationPath(conditionId), conditionConfirmationSchema);
}

/** While the contacts are being asked, their answers arrive by themselves: asked again every minute. */
const ASKING_REFRESH_MS = 60_000;

export function useConditionConfirmation(conditionId: string) {
  const api = useApi();
  const { user } = useAuth();
  return useQuery({
    queryKey: confirmationQueryKey(user?.id ?? "", conditionId),
    queryFn: () => getConditionConfirmation(api, conditionId),
    enabled: user !== null,
    refetchInterval: (query) => (query.state.data?.stage.status === "asking" ? ASKING_REFRESH_MS : false),
  });
}

/** PUT /api/conditions/:id/confirmation. Field errors are shown by the form itself. */
export function useSaveConditionConfirmation(conditionId: string) {
  const api = useApi();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ConditionConfirmationInput) =>
      api.put(confirmationPath(conditionId), input, conditionConfirmationSchema),
    onSuccess: (saved) => queryClient.setQueryData(confirmationQueryKey(user?.id ?? "", conditionId), saved),
    meta: { silentError: true },
  });
}

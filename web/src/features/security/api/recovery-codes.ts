import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { recoveryCodesMadeSchema, recoveryCodesStatusSchema } from "@trigger-switch/contracts";
import { useAuth } from "@/lib/auth/auth-context";
import { useApi } from "@/lib/services";
import { authRequest } from "@/lib/auth/auth-api";

export const recoveryCodesKey = (userId: string) => ["recovery-codes", userId] as const;

/** GET /auth/v1/user/recovery-codes: how many unused codes are left (never the codes). */
export function useRecoveryCodes(enabled: boolean) {
  const api = useApi();
  const { user } = useAuth();
  return useQuery({
    queryKey: recoveryCodesKey(user?.id ?? ""),
    queryFn: () => authRequest(api, "GET", "/user/recovery-codes", recoveryCodesStatusSchema),
    enabled: user !== null && enabled,
  });
}

/** POST /auth/v1/user/recovery-codes: a new set (the only time the codes are shown); earlier ones stop working. */
export function useMakeRecoveryCodes() {
  const api = useApi();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => authRequest(api, "POST", "/user/recovery-codes", recoveryCodesMadeSchema),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: recoveryCodesKey(user?.id ?? "") });
      void queryClient.invalidateQueries({ queryKey: ["security-log"] });
    },
  });
}

import { ownerChannelsSchema } from "@trigger-switch/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useApi } from "@/lib/services";
import { storeOwnerChannels } from "./get-owner-channels";

/** POST /api/profile/channels/verify. Errors are shown next to the code input. */
export function useVerifyCode() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post("/api/profile/channels/verify", { code }, ownerChannelsSchema),
    onSuccess: (value) => storeOwnerChannels(queryClient, value),
    meta: { silentError: true },
  });
}

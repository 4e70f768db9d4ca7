import { ownerChannelsSchema, type PhoneChannel } from "@trigger-switch/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useApi } from "@/lib/services";
import { storeOwnerChannels } from "./get-owner-channels";

/** POST /api/profile/channels/code: a 6-digit code to the profile's number. Errors are shown by the form. */
export function useRequestCode() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (channel: PhoneChannel) => api.post("/api/profile/channels/code", { channel }, ownerChannelsSchema),
    onSuccess: (value) => storeOwnerChannels(queryClient, value),
    meta: { silentError: true },
  });
}

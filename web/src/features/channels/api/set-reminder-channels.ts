import { ownerChannelsSchema, type ReminderChannel } from "@trigger-switch/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useApi } from "@/lib/services";
import { storeOwnerChannels } from "./get-owner-channels";

/** PUT /api/profile/channels/reminders. A refusal becomes the usual error toast. */
export function useSetReminderChannels() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (channels: ReminderChannel[]) =>
      api.put("/api/profile/channels/reminders", { channels }, ownerChannelsSchema),
    onSuccess: (value) => storeOwnerChannels(queryClient, value),
  });
}

import { recipientDeletedSchema } from "@trigger-switch/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { announceConditionsUpdated } from "@/lib/conditions-events";
import { useApi } from "@/lib/services";
import { invalidateRecipients } from "./get-recipients";

/**
 * DELETE /api/recipients/:id. The server removes the person from every message and may switch
 * off conditions that were limited to them, so the header's buttons are told to reload.
 */
export function useDeleteRecipient() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/recipients/${encodeURIComponent(id)}`, recipientDeletedSchema),
    onSuccess: async (result) => {
      if (result.disarmed_conditions.length > 0) announceConditionsUpdated();
      await invalidateRecipients(queryClient);
    },
  });
}

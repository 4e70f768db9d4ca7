import { recipientSchema, type RecipientUpdate } from "@trigger-switch/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useApi } from "@/lib/services";
import { invalidateRecipients } from "./get-recipients";

/** PATCH /api/recipients/:id. Field errors are shown by the form itself. */
export function useUpdateRecipient() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: RecipientUpdate }) =>
      api.patch(`/api/recipients/${encodeURIComponent(id)}`, changes, recipientSchema),
    onSuccess: () => invalidateRecipients(queryClient),
    meta: { silentError: true },
  });
}

import { recipientSchema, type RecipientCreate } from "@trigger-switch/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useApi } from "@/lib/services";
import { invalidateRecipients } from "./get-recipients";

/** POST /api/recipients. Field errors are shown by the form itself. */
export function useCreateRecipient() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RecipientCreate) => api.post("/api/recipients", input, recipientSchema),
    onSuccess: () => invalidateRecipients(queryClient),
    meta: { silentError: true },
  });
}

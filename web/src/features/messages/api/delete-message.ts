import { useMutation, useQueryClient } from "@tanstack/react-query";
import { announceConditionsUpdated } from "@/lib/conditions-events";
import { useApi } from "@/lib/services";

/** DELETE /api/messages/:id, with its conditions and attachments. */
export function useDeleteMessage() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<null>(`/api/messages/${encodeURIComponent(id)}`),
    onSuccess: async (_result, id) => {
      // Its conditions are gone, so the header's Check In / Emergency may be too.
      announceConditionsUpdated();
      queryClient.removeQueries({ queryKey: ["message"], predicate: (query) => query.queryKey[2] === id });
      await queryClient.invalidateQueries({ queryKey: ["messages"] });
    },
  });
}

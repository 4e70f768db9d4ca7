import { conditionSchema } from "@trigger-switch/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { announceConditionsUpdated, invalidateConditionViews } from "@/lib/conditions-events";
import { useApi } from "@/lib/services";
import { withTimeZone } from "@/lib/time-zone";

/** POST /api/conditions/:id/arm or /disarm. Arming starts its clock afresh. */
export function useSetConditionArmed() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, armed }: { id: string; armed: boolean }) =>
      api.post(
        withTimeZone(`/api/conditions/${encodeURIComponent(id)}/${armed ? "arm" : "disarm"}`),
        undefined,
        conditionSchema,
      ),
    onSuccess: async () => {
      announceConditionsUpdated();
      await invalidateConditionViews(queryClient);
    },
  });
}

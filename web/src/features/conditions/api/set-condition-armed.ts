import { conditionSchema } from "@trigger-switch/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { announceConditionsUpdated, invalidateConditionViews } from "@/lib/conditions-events";
import { useApi } from "@/lib/services";
import { withTimeZone } from "@/lib/time-zone";
import { useOwnerTimeZone } from "@/hooks/use-owner-time-zone";

/** POST /api/conditions/:id/arm or /disarm. Arming starts its clock afresh. */
export function useSetConditionArmed() {
  const api = useApi();
  const queryClient = useQueryClient();
  const timeZone = useOwnerTimeZone();
  return useMutation({
    mutationFn: ({ id, armed }: { id: string; armed: boolean }) =>
      api.post(
        withTimeZone(`/api/conditions/${encodeURIComponent(id)}/${armed ? "arm" : "disarm"}`, timeZone),
        undefined,
        conditionSchema,
      ),
    onSuccess: async () => {
      announceConditionsUpdated();
      await invalidateConditionViews(queryClient);
    },
  });
}

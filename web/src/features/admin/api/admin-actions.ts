import { adminDoneSchema, disableResultSchema } from "@trigger-switch/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useApi } from "@/lib/services";

/** POST /api/admin/users/:id/disable | enable. Every admin action lands in the audit log, so it reloads too. */
export function useSetUserDisabled() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, disabled, reason }: { id: string; disabled: boolean; reason?: string }) =>
      api.post(
        `/api/admin/users/${encodeURIComponent(id)}/${disabled ? "disable" : "enable"}`,
        reason ? { reason } : {},
        disableResultSchema,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["admin"] }),
  });
}

/** POST /api/admin/deliveries/:id/retry | discard. */
export function useDeliveryAction() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, reason }: { id: string; action: "retry" | "discard"; reason?: string }) =>
      api.post(`/api/admin/deliveries/${encodeURIComponent(id)}/${action}`, reason ? { reason } : {}, adminDoneSchema),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["admin"] }),
  });
}

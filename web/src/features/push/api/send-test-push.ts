import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useApi } from "@/lib/services";
import { refreshPushDevices } from "./get-push-devices";

/** POST /api/push/devices/:id/test: a test notification to one device (its "last push" follows). */
export function useSendTestPush() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post(`/api/push/devices/${encodeURIComponent(id)}/test`, {}),
    onSettled: () => refreshPushDevices(queryClient),
  });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useApi } from "@/lib/services";
import { refreshPushDevices } from "./get-push-devices";

/** PATCH /api/push/devices/:id: a new name for a device. */
export function useRenamePushDevice() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      api.patch(`/api/push/devices/${encodeURIComponent(id)}`, { name }),
    onSettled: () => refreshPushDevices(queryClient),
  });
}

import type { PushDevice } from "@trigger-switch/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useApi } from "@/lib/services";
import { askWorker, unsubscribe } from "../utils/push-browser";
import { pushDevicesKey, refreshPushDevices } from "./get-push-devices";
import { thisDeviceKey } from "./this-device";

/**
 * DELETE /api/push/devices/:id. For this device the browser's subscription ends too and the
 * service worker forgets the check-in credential (which the server no longer accepts anyway).
 */
export function useRemovePushDevice() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ device, thisDevice }: { device: PushDevice; thisDevice: boolean }) => {
      await api.delete(`/api/push/devices/${encodeURIComponent(device.id)}`);
      if (thisDevice) {
        await unsubscribe();
        await askWorker({ type: "forget-push-device" });
      }
    },
    onSuccess: (_done, { device, thisDevice }) => {
      if (thisDevice) queryClient.setQueryData(thisDeviceKey, null);
      queryClient.setQueryData<PushDevice[]>(pushDevicesKey, (list) => list?.filter((d) => d.id !== device.id));
    },
    onSettled: () => refreshPushDevices(queryClient),
  });
}

import { registeredPushDeviceSchema, type PushDevice } from "@trigger-switch/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useApi } from "@/lib/services";
import { askWorker, PushStepError, subscribe, unsubscribe } from "../utils/push-browser";
import { pushDevicesKey, refreshPushDevices } from "./get-push-devices";
import { thisDeviceKey } from "./this-device";

/**
 * Turns notifications on for this device: the permission, the browser's subscription, then
 * POST /api/push/devices, whose check-in credential goes straight to the service worker (never
 * stored by the page). Should the worker not take it, the device is removed again, so no device is
 * listed that cannot check in from its notifications.
 */
export function useTurnOnPush() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ name, publicKey, timeZone }: { name: string; publicKey: string; timeZone: string }) => {
      const subscription = await subscribe(publicKey);
      const { device, check_in_credential } = await api
        .post("/api/push/devices", { name, subscription }, registeredPushDeviceSchema)
        .catch(async (error: unknown) => {
          await unsubscribe().catch(() => undefined);
          throw error;
        });
      try {
        await askWorker({
          type: "remember-push-device",
          deviceId: device.id,
          credential: check_in_credential,
          timeZone,
        });
      } catch (error) {
        await api.delete(`/api/push/devices/${encodeURIComponent(device.id)}`).catch(() => undefined);
        await unsubscribe().catch(() => undefined);
        throw error instanceof PushStepError ? error : new PushStepError("worker", error);
      }
      return device;
    },
    onSuccess: (device: PushDevice) => {
      queryClient.setQueryData(thisDeviceKey, device.id);
      queryClient.setQueryData<PushDevice[]>(pushDevicesKey, (list) => [...(list ?? []), device]);
    },
    onSettled: () => refreshPushDevices(queryClient),
  });
}

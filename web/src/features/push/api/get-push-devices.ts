import { pushDevicesSchema } from "@trigger-switch/contracts";
import { useQuery, type QueryClient } from "@tanstack/react-query";
import { useApi } from "@/lib/services";

export const pushDevicesKey = ["push-devices"] as const;

/** GET /api/push/devices: the devices that show this account's notifications. `enabled`: ask at all (default true). */
export function usePushDevices({ enabled = true }: { enabled?: boolean } = {}) {
  const api = useApi();
  return useQuery({
    enabled,
    queryKey: pushDevicesKey,
    queryFn: async () => (await api.get("/api/push/devices", pushDevicesSchema)).devices,
  });
}

export const refreshPushDevices = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: pushDevicesKey });

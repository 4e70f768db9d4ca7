import { useQuery } from "@tanstack/react-query";
import { askWorker, browserPushBlocker, workerRegistration } from "../utils/push-browser";

export const thisDeviceKey = ["push-this-device"] as const;

/**
 * Which listed device this browser is: the id its service worker keeps (src/sw/sw.ts), when the
 * browser still has a push subscription. Null: notifications are off here.
 */
export function useThisPushDevice() {
  return useQuery({
    queryKey: thisDeviceKey,
    queryFn: async (): Promise<string | null> => {
      if (browserPushBlocker()) return null;
      const registration = await workerRegistration();
      if (!registration || !(await registration.pushManager.getSubscription())) return null;
      return askWorker({ type: "which-push-device" });
    },
    staleTime: Infinity,
  });
}

import { vi } from "vitest";
import type { WorkerAnswer, WorkerRequest } from "@/sw/messages";

export interface FakePushBrowserOptions {
  /** Notification.permission before anything is asked. Default: "default". */
  permission?: NotificationPermission;
  /** What the permission prompt answers. Default: "granted". */
  answer?: NotificationPermission;
  /** The browser's push service cannot be reached: subscribe rejects as Chromium does then. */
  pushServiceDown?: boolean;
}

/** Key sizes RFC 8291 uses (65-byte P-256 key, 16-byte secret), base64url: what the server's schema takes. */
const subscriptionJson = {
  endpoint: "https://push.example/send/fake-subscription",
  expirationTime: null,
  keys: { p256dh: `B${"A".repeat(86)}`, auth: "A".repeat(22) },
};

/**
 * A browser that can show notifications (jsdom has no push): the permission prompt, a service
 * worker registration with its push manager, and the worker's side of src/sw/messages.ts, which
 * keeps this device's credential as src/sw/sw.ts does. `stored` is what the worker keeps.
 */
export function installFakePushBrowser({
  permission = "default",
  answer = "granted",
  pushServiceDown = false,
}: FakePushBrowserOptions = {}) {
  const notification = {
    permission,
    requestPermission: vi.fn(async () => (notification.permission = answer)),
  };
  let subscription: { toJSON: () => typeof subscriptionJson; unsubscribe: () => Promise<boolean> } | null = null;
  const worker = {
    stored: null as { deviceId: string; credential: string; timeZone: string } | null,
    postMessage(request: WorkerRequest, [port]: MessagePort[]) {
      if (request.type === "remember-push-device") {
        const { deviceId, credential, timeZone } = request;
        worker.stored = { deviceId, credential, timeZone };
      }
      if (request.type === "forget-push-device") worker.stored = null;
      port!.postMessage({ ok: true, deviceId: worker.stored?.deviceId ?? null } satisfies WorkerAnswer);
    },
  };
  const pushManager = {
    getSubscription: vi.fn(async () => subscription),
    subscribe: vi.fn(async (_options?: PushSubscriptionOptionsInit) => {
      if (pushServiceDown) throw new DOMException("Registration failed - push service error", "AbortError");
      subscription = {
        toJSON: () => subscriptionJson,
        unsubscribe: vi.fn(async () => ((subscription = null), true)),
      };
      return subscription;
    }),
  };
  const registration = { active: worker, pushManager };
  vi.stubGlobal("Notification", notification);
  vi.stubGlobal("PushManager", class PushManager {});
  Object.defineProperty(navigator, "serviceWorker", {
    configurable: true,
    value: { getRegistration: async () => registration, ready: Promise.resolve(registration) },
  });
  return {
    worker,
    pushManager,
    notification,
    hasSubscription: () => subscription !== null,
    uninstall: () => {
      vi.unstubAllGlobals();
      Reflect.deleteProperty(navigator, "serviceWorker");
    },
  };
}

/**
 * What the app tells the service worker about this device's notifications, over a MessageChannel
 * (the answer comes back on its port). The check-in credential lives only in the worker's
 * IndexedDB: the page hands it over once and never stores it.
 */
export type WorkerRequest =
  | { type: "remember-push-device"; deviceId: string; credential: string; timeZone: string }
  | { type: "forget-push-device" }
  | { type: "which-push-device" };

export type WorkerAnswer = { ok: true; deviceId: string | null } | { ok: false; error: string };

import type { PushSubscriptionJson } from "@trigger-switch/contracts";
import type { WorkerAnswer, WorkerRequest } from "@/sw/messages";

/**
 * The browser's side of push notifications: whether it can show them, the permission, its push
 * subscription, and the service worker that keeps this device's check-in credential
 * (src/sw/sw.ts). Everything here is the browser's; the server's side is in ../api.
 */

/** Why this browser cannot show notifications, or null when it can. */
export type PushBlocker = "unsupported" | "ios-home-screen" | "no-worker" | "denied";

const isAppleMobile = () => /iPhone|iPad|iPod/.test(navigator.userAgent);
const isStandalone = () => window.matchMedia?.("(display-mode: standalone)").matches === true;

/** What stops push on this browser before anything is asked (the permission aside: see `pushBlocker`). */
export function browserPushBlocker(): Exclude<PushBlocker, "no-worker" | "denied"> | null {
  const supported = "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
  if (supported) return null;
  // Safari on iPhone and iPad offers push only to a site added to the Home Screen.
  return isAppleMobile() && !isStandalone() ? "ios-home-screen" : "unsupported";
}

/**
 * This page's service worker registration once it is active, or null (the dev server has none, or
 * it failed to install). On a first visit the app registers it only once the page is idle, so an
 * owner who asks before then gets it registered now, and its install is waited for a while.
 */
export async function workerRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!("serviceWorker" in navigator)) return null;
  const registered = await navigator.serviceWorker.getRegistration("/");
  if (registered?.active) return registered;
  if (!registered && import.meta.env.PROD) await navigator.serviceWorker.register("/sw.js").catch(() => null);
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), 15_000));
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

export async function pushBlocker(): Promise<PushBlocker | null> {
  const blocker = browserPushBlocker();
  if (blocker) return blocker;
  if (Notification.permission === "denied") return "denied";
  return (await workerRegistration()) ? null : "no-worker";
}

/** The VAPID public key (base64url) as the bytes `subscribe` takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

/** A step of turning notifications on that failed, for the sentence that says so (push-sentences.ts). */
export class PushStepError extends Error {
  constructor(
    readonly step: "permission" | "subscribe" | "worker",
    cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = "PushStepError";
  }
}

/** Asks for the permission (when not granted yet), then subscribes this browser with the server's key. */
export async function subscribe(publicKey: string): Promise<PushSubscriptionJson> {
  const permission = Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
  if (permission !== "granted") throw new PushStepError("permission", permission);
  const registration = await workerRegistration();
  if (!registration) throw new PushStepError("worker", "no service worker");
  try {
    // A subscription left from before (another key, or a device removed elsewhere) is replaced.
    await (await registration.pushManager.getSubscription())?.unsubscribe();
    const subscription = await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    });
    return subscription.toJSON() as PushSubscriptionJson;
  } catch (error) {
    throw new PushStepError("subscribe", error);
  }
}

/** Ends this browser's push subscription, if it has one. */
export async function unsubscribe(): Promise<void> {
  const registration = await workerRegistration();
  await (await registration?.pushManager.getSubscription())?.unsubscribe();
}

/** Sends the service worker a request and waits for its answer (see src/sw/messages.ts). */
export async function askWorker(request: WorkerRequest): Promise<string | null> {
  const registration = await workerRegistration();
  const worker = registration?.active;
  if (!worker) throw new PushStepError("worker", "no active service worker");
  const channel = new MessageChannel();
  const answer = new Promise<WorkerAnswer>((resolve, reject) => {
    channel.port1.onmessage = (event: MessageEvent<WorkerAnswer>) => resolve(event.data);
    setTimeout(() => reject(new PushStepError("worker", "the service worker did not answer")), 10_000);
  });
  worker.postMessage(request, [channel.port2]);
  const result = await answer;
  if (!result.ok) throw new PushStepError("worker", result.error);
  return result.deviceId;
}

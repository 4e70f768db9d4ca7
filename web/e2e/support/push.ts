import { expect, type BrowserContext, type Page, type Worker } from "@playwright/test";

/**
 * The browser's push service is the one part of the journey outside our reach (headless Chromium
 * offline has none): `subscribe` and `getSubscription` answer a subscription at push.invalid, with
 * keys of the sizes RFC 8291 uses. The server takes it; its pushes to it fail, which this journey
 * does not need, as the push is delivered to the service worker over the DevTools protocol instead.
 */
export async function fakePushService(page: Page): Promise<void> {
  await page.addInitScript(() => {
    if (!("PushManager" in self)) return;
    const key = "e2e-fake-push-subscription";
    const bytes = (n: number) => btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(n))));
    const base64url = (b64: string) => b64.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    const make = (json: PushSubscriptionJSON) =>
      ({
        endpoint: json.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: null },
        toJSON: () => json,
        getKey: () => null,
        unsubscribe: async () => (localStorage.removeItem(key), true),
      }) as unknown as PushSubscription;
    PushManager.prototype.getSubscription = async function () {
      const stored = localStorage.getItem(key);
      return stored ? make(JSON.parse(stored) as PushSubscriptionJSON) : null;
    };
    PushManager.prototype.subscribe = async function () {
      // A P-256 public key is 65 bytes starting 0x04; the auth secret 16.
      const p256dh = new Uint8Array(65);
      p256dh.set(crypto.getRandomValues(new Uint8Array(64)), 1);
      p256dh[0] = 4;
      const json = {
        endpoint: `https://push.invalid/send/${crypto.randomUUID()}`,
        expirationTime: null,
        keys: { p256dh: base64url(btoa(String.fromCharCode(...p256dh))), auth: base64url(bytes(16)) },
      };
      localStorage.setItem(key, JSON.stringify(json));
      return make(json);
    };
  });
}

/**
 * The page's service worker once it is active. The signed-in app registers it once the loaded page
 * is idle, a few seconds after the page shows; the state is polled from the page until then.
 */
export async function activeWorker(page: Page, context: BrowserContext): Promise<Worker> {
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? "none"), {
      timeout: 30_000,
    })
    .toBe("activated");
  await expect.poll(() => context.serviceWorkers().length).toBeGreaterThan(0);
  return context.serviceWorkers()[0]!;
}

/** Delivers a push to the page's service worker as DevTools' "Push" button does (ServiceWorker.deliverPushMessage). */
export async function deliverPush(page: Page, payload: unknown): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const registrations = new Promise<string>((resolve) =>
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations: list }) => {
      const ours = list.find((r) => !r.isDeleted && r.scopeURL === new URL("/", page.url()).href);
      if (ours) resolve(ours.registrationId);
    }),
  );
  await cdp.send("ServiceWorker.enable");
  const registrationId = await registrations;
  await cdp.send("ServiceWorker.deliverPushMessage", {
    origin: new URL(page.url()).origin,
    registrationId,
    data: JSON.stringify(payload),
  });
  await cdp.detach();
}

/** The notifications the worker shows now: title, body, tag and action titles. */
export function notifications(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return (await registration!.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      actions: ((n as unknown as { actions?: { action: string; title: string }[] }).actions ?? []).map((a) => a.title),
    }));
  });
}

/** Presses a notification's "I'm OK" as the platform would: a notificationclick with action "im-ok" in the worker. */
export async function pressImOk(worker: Worker, tag: string): Promise<void> {
  await worker.evaluate(async (wanted) => {
    // The worker's globals, which the page's DOM types do not have.
    const scope = self as unknown as {
      registration: ServiceWorkerRegistration;
      dispatchEvent(event: Event): boolean;
      NotificationEvent: new (type: string, init: { notification: Notification; action: string }) => Event;
    };
    const [notification] = await scope.registration.getNotifications({ tag: wanted });
    if (!notification) throw new Error(`no notification tagged ${wanted}`);
    scope.dispatchEvent(new scope.NotificationEvent("notificationclick", { notification, action: "im-ok" }));
  }, tag);
}

import type { PushCheckInAnswer, PushPayload } from "@trigger-switch/contracts";
import { forgetDevice, readDevice, rememberDevice } from "./credential-store";
import { fetchRoute } from "./fetch-policy";
import type { WorkerAnswer, WorkerRequest } from "./messages";
import { checkedInWords, checkInFailedWords, failureOfStatus, type NotificationWords } from "./notification-words";
import { readPushPayload } from "./push-payload";

/**
 * The service worker (web/build/README.md): keeps the app shell for a quick start and an offline
 * page for a lost connection, shows push notifications, and checks in from a reminder's "I'm OK"
 * without opening the app. It caches nothing that belongs to a person (./fetch-policy.ts).
 */
declare const self: ServiceWorkerGlobalScope;

// The build writes the shell's files and a version made from their contents here (build/service-worker.ts).
const precache: { version: string; files: string[] } = JSON.parse("__PRECACHE__");
const SHELL_CACHE = `shell-${precache.version}`;
const shell = new Set(precache.files);
const OFFLINE_PAGE = "/offline.html";
const DASHBOARD = "/dashboard";

/** What a notification carries, so a click knows what it was about. */
type NotificationData = { kind: PushPayload["kind"] | "checked-in" | "check-in-failed" };

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(precache.files))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n !== SHELL_CACHE).map((n) => caches.delete(n))))
      // The page's request starts while the worker wakes up, so a navigation waits for neither in turn.
      .then(() => self.registration.navigationPreload?.enable())
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const route = fetchRoute(event.request, self.location.origin, shell);
  if (route === "page") event.respondWith(pageOrOffline(event));
  if (route === "shell") event.respondWith(caches.match(event.request).then((hit) => hit ?? fetch(event.request)));
});

/** Network first: a page of the app is never answered from a cache, only replaced by the offline page. */
async function pageOrOffline(event: FetchEvent): Promise<Response> {
  try {
    return ((await event.preloadResponse) as Response | undefined) ?? (await fetch(event.request));
  } catch (error) {
    const offline = await caches.match(OFFLINE_PAGE);
    if (offline) return offline;
    throw error;
  }
}

self.addEventListener("push", (event) => {
  const payload = event.data ? readPushPayload(event.data.text()) : null;
  event.waitUntil(payload ? showPush(payload) : show({ title: "Trigger Switch", body: "" }, "push", { kind: "test" }));
});

function showPush(payload: PushPayload): Promise<void> {
  const options: NotificationOptions & { actions?: { action: string; title: string }[] } = {
    body: payload.body,
    tag: payload.tag,
    icon: "/icons/icon-192.png",
    data: { kind: payload.kind } satisfies NotificationData,
  };
  if (payload.kind === "reminder") {
    options.actions = [{ action: "im-ok", title: "I'm OK" }];
    // A reminder waits on screen: it is about a deadline.
    options.requireInteraction = true;
  }
  return self.registration.showNotification(payload.title, options);
}

function show(words: NotificationWords, tag: string, data: NotificationData): Promise<void> {
  return self.registration.showNotification(words.title, { body: words.body, tag, data, icon: "/icons/icon-192.png" });
}

self.addEventListener("notificationclick", (event) => {
  const { notification } = event;
  const data = notification.data as NotificationData | null;
  notification.close();
  if (event.action === "im-ok" && data?.kind === "reminder") event.waitUntil(checkIn(notification.tag));
  else event.waitUntil(openDashboard());
});

/** "I'm OK": checks in with this device's credential and says how it went, in place of the reminder. */
async function checkIn(tag: string): Promise<void> {
  const device = await readDevice().catch(() => null);
  if (!device) return show(checkInFailedWords("no-credential"), tag, { kind: "check-in-failed" });
  let response: Response;
  try {
    response = await fetch("/api/push/check-in", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ credential: device.credential }),
      credentials: "omit",
    });
  } catch {
    return show(checkInFailedWords("offline"), tag, { kind: "check-in-failed" });
  }
  if (!response.ok) return show(checkInFailedWords(failureOfStatus(response.status)), tag, { kind: "check-in-failed" });
  const answer = (await response.json()) as PushCheckInAnswer;
  const words = checkedInWords(answer, new Date(), { timeZone: device.timeZone, locale: navigator.language });
  return show(words, tag, { kind: "checked-in" });
}

async function openDashboard(): Promise<void> {
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const dashboard = windows.find((w) => new URL(w.url).pathname === DASHBOARD);
  if (dashboard) await dashboard.focus();
  else await self.clients.openWindow(DASHBOARD);
}

self.addEventListener("message", (event) => {
  const port = event.ports[0];
  if (!port) return;
  const request = event.data as WorkerRequest;
  const answer = (value: WorkerAnswer) => port.postMessage(value);
  event.waitUntil(
    handle(request).then(
      (deviceId) => answer({ ok: true, deviceId }),
      (error: unknown) => answer({ ok: false, error: error instanceof Error ? error.message : String(error) }),
    ),
  );
});

async function handle(request: WorkerRequest): Promise<string | null> {
  switch (request.type) {
    case "remember-push-device":
      await rememberDevice({ deviceId: request.deviceId, credential: request.credential, timeZone: request.timeZone });
      return request.deviceId;
    case "forget-push-device":
      await forgetDevice();
      return null;
    case "which-push-device":
      return (await readDevice())?.deviceId ?? null;
  }
}

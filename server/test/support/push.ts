import type { RegisteredPushDevice } from "@trigger-switch/contracts";
import { post } from "./content.ts";
import { startFakePushService, type FakePushService, type FakeSubscription } from "./fake-push-service.ts";
import { startAutoconfirmApp } from "./fixtures.ts";
import type { TestApp } from "./test-app.ts";
import type { SignedInUser } from "./users.ts";

export interface PushTestApp {
  t: TestApp;
  pushService: FakePushService;
  close(): Promise<void>;
}

/** The real server with its pushes going to a local push service that checks and decrypts them. */
export async function startPushApp(
  env: Record<string, string> = {},
  opts: { logStream?: NodeJS.WritableStream } = {},
): Promise<PushTestApp> {
  let t: TestApp | null = null;
  const pushService = await startFakePushService({ vapidPublicKey: () => t?.channels.push.publicKey ?? null });
  t = await startAutoconfirmApp(
    { JWT_EXPIRY: "86400", TRUST_PROXY: "true", ...env },
    {
      pushAgent: pushService.agent,
      logStream: opts.logStream,
    },
  );
  const app = t;
  return {
    t: app,
    pushService,
    async close() {
      await app.close();
      await pushService.close();
    },
  };
}

/** A browser of `user` subscribed at the local push service and registered through the API. */
export async function registerDevice(
  p: PushTestApp,
  user: SignedInUser,
  name = "Phone",
): Promise<RegisteredPushDevice & { subscription: FakeSubscription }> {
  const subscription = p.pushService.subscribe();
  const res = await post(user, "/api/push/devices", { name, subscription });
  const body = (await res.json()) as RegisteredPushDevice;
  if (res.status !== 201) throw new Error(`expected 201, got ${res.status}: ${JSON.stringify(body)}`);
  return { ...body, subscription };
}

let addresses = 0;
/** POST /api/push/check-in as a service worker sends it: no session, from an address of its own unless given. */
export function pushCheckIn(
  t: TestApp,
  body: unknown,
  ip = `10.7.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`,
) {
  return fetch(`${t.url}/api/push/check-in`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": ip },
    body: JSON.stringify(body),
  });
}

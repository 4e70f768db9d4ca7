import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pushDevices } from "../../src/db/schema.ts";
import { hashSecretToken } from "../../src/engine/secret-token.ts";
import { PUSH_DEVICES_MAX } from "../../src/push/register-push-device.ts";
import { withOwnAddress } from "../support/channels.ts";
import { del, patch, post, type ApiErrorBody } from "../support/content.ts";
import { registerDevice, startPushApp, type PushTestApp } from "../support/push.ts";
import { signUpUser, type SignedInUser } from "../support/users.ts";

let p: PushTestApp;
let owner: SignedInUser;
let other: SignedInUser;

beforeAll(async () => {
  p = await startPushApp();
  owner = withOwnAddress(await signUpUser(p.t));
  other = withOwnAddress(await signUpUser(p.t));
});
afterAll(() => p.close());

const devicesOf = async (user: SignedInUser) =>
  ((await (await user.api("/api/push/devices")).json()) as { devices: { id: string; name: string }[] }).devices;

describe("push devices", () => {
  it("tells anyone whether push is on and the VAPID key to subscribe with, the same key after a restart on the same DATA_DIR", async () => {
    const res = await fetch(`${p.t.url}/api/push`);
    expect(res.status).toBe(200);
    const info = (await res.json()) as { available: boolean; public_key: string };
    expect(info.available).toBe(true);
    expect(Buffer.from(info.public_key, "base64url")).toHaveLength(65);
    const { loadVapidKeys } = await import("../../src/push/vapid-keys.ts");
    expect(loadVapidKeys(p.t.config)?.publicKey).toBe(info.public_key);
  });

  it("registers a device, answers its credential once and keeps only the credential's hash", async () => {
    const device = await registerDevice(p, owner, "Ada's phone");
    expect(device.device).toMatchObject({ name: "Ada's phone", last_push_at: null, last_check_in_at: null });
    expect(device.check_in_credential).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await p.t.database.db.select().from(pushDevices).where(eq(pushDevices.id, device.device.id));
    expect(row!.checkInHash).toBe(hashSecretToken(device.check_in_credential));
    expect(JSON.stringify(row)).not.toContain(device.check_in_credential);
    expect(await devicesOf(owner)).toEqual([expect.objectContaining({ id: device.device.id, name: "Ada's phone" })]);
    expect(await devicesOf(other)).toEqual([]);
  });

  it("replaces the device and its credential when the same browser subscribes again", async () => {
    const first = await registerDevice(p, owner, "Laptop");
    const again = await post(owner, "/api/push/devices", {
      name: "Laptop (Firefox)",
      subscription: first.subscription,
    });
    expect(again.status).toBe(201);
    const second = (await again.json()) as { device: { id: string }; check_in_credential: string };
    expect(second.check_in_credential).not.toBe(first.check_in_credential);
    const rows = await p.t.database.db
      .select()
      .from(pushDevices)
      .where(eq(pushDevices.endpoint, first.subscription.endpoint));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.checkInHash).toBe(hashSecretToken(second.check_in_credential));
    expect((await devicesOf(owner)).map((d) => d.name)).toContain("Laptop (Firefox)");
  });

  it("renames and removes only the owner's own devices; another's answers 404", async () => {
    const device = await registerDevice(p, owner, "Tablet");
    const path = `/api/push/devices/${device.device.id}`;
    expect((await patch(other, path, { name: "Mine now" })).status).toBe(404);
    expect((await del(other, path)).status).toBe(404);
    expect((await post(other, `${path}/test`, {})).status).toBe(404);
    const renamed = await patch(owner, path, { name: "Kitchen tablet" });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({ id: device.device.id, name: "Kitchen tablet" });
    expect((await patch(owner, path, { name: "  " })).status).toBe(400);
    expect((await del(owner, path)).status).toBe(204);
    expect((await del(owner, path)).status).toBe(404);
    expect((await patch(owner, "/api/push/devices/not-a-uuid", { name: "x" })).status).toBe(404);
    expect((await devicesOf(owner)).map((d) => d.id)).not.toContain(device.device.id);
  });

  it("writes turning notifications on and removing a device in the security log, by name, never the credential", async () => {
    const user = withOwnAddress(await signUpUser(p.t));
    const device = await registerDevice(p, user, "Ada's old phone");
    expect((await del(user, `/api/push/devices/${device.device.id}`)).status).toBe(204);
    const res = await fetch(`${p.t.url}/auth/v1/user/security-log`, {
      headers: { Authorization: `Bearer ${user.accessToken}` },
    });
    expect(res.status).toBe(200);
    const text = await res.text();
    const log = JSON.parse(text) as { kind: string; detail: Record<string, string> }[];
    expect(log.slice(0, 2)).toEqual([
      expect.objectContaining({ kind: "push_device_removed", detail: { device: "Ada's old phone" } }),
      expect.objectContaining({ kind: "push_device_added", detail: { device: "Ada's old phone" } }),
    ]);
    expect(text).not.toContain(device.check_in_credential);
    expect(text).not.toContain(device.subscription.endpoint);
  });

  it.each([
    ["an http endpoint", (s: Sub) => ({ ...s, endpoint: s.endpoint.replace("https:", "http:") }), "https"],
    ["a foreign scheme", (s: Sub) => ({ ...s, endpoint: "javascript:alert(1)" }), "endpoint"],
    ["an oversized endpoint", (s: Sub) => ({ ...s, endpoint: `${s.endpoint}/${"a".repeat(2100)}` }), "too long"],
    ["a short p256dh", (s: Sub) => ({ ...s, keys: { ...s.keys, p256dh: s.keys.p256dh.slice(1) } }), "P-256"],
    ["an oversized auth", (s: Sub) => ({ ...s, keys: { ...s.keys, auth: `${s.keys.auth}AAAA` } }), "16-byte"],
    [
      "keys that are not base64url",
      (s: Sub) => ({ ...s, keys: { ...s.keys, auth: `${s.keys.auth.slice(2)}+/` } }),
      "base64url",
    ],
  ])("refuses a subscription with %s with a 400 that says why, and stores nothing", async (_what, spoil, says) => {
    const before = (await devicesOf(owner)).length;
    const res = await post(owner, "/api/push/devices", { name: "Bad", subscription: spoil(p.pushService.subscribe()) });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain(says);
    expect(await devicesOf(owner)).toHaveLength(before);
  });

  it(`allows ${PUSH_DEVICES_MAX} devices per owner and refuses one more with a 409 that says what to do`, async () => {
    const user = withOwnAddress(await signUpUser(p.t));
    for (let i = 0; i < PUSH_DEVICES_MAX; i++) await registerDevice(p, user, `Device ${i}`);
    const res = await post(user, "/api/push/devices", { name: "One more", subscription: p.pushService.subscribe() });
    expect(res.status).toBe(409);
    expect(((await res.json()) as ApiErrorBody).error.message).toMatch(/Remove one under Security/);
    expect(await devicesOf(user)).toHaveLength(PUSH_DEVICES_MAX);
  });

  it("sends a test notification that the push service verifies and decrypts, and records when", async () => {
    const device = await registerDevice(p, owner, "Watch");
    const res = await post(owner, `/api/push/devices/${device.device.id}/test`, {});
    expect(res.status).toBe(200);
    expect(((await res.json()) as { last_push_at: string | null }).last_push_at).not.toBeNull();
    const [got] = await p.pushService.waitFor(device.subscription.endpoint);
    expect(got!.payload).toEqual({
      kind: "test",
      title: "Trigger Switch",
      body: 'Notifications work on "Watch". Your reminders can come here.',
      tag: `test:${device.device.id}`,
    });
    expect(p.pushService.refused).toEqual([]);
  });

  it("says honestly when the push service refused the test, and removes a device whose subscription is gone", async () => {
    const device = await registerDevice(p, owner, "Old phone");
    p.pushService.answer(device.subscription.endpoint, 500);
    const busy = await post(owner, `/api/push/devices/${device.device.id}/test`, {});
    expect(busy.status).toBe(503);
    expect(((await busy.json()) as ApiErrorBody).error.message).toMatch(/did not take the test notification.*500/);
    expect((await devicesOf(owner)).map((d) => d.id)).toContain(device.device.id);
    p.pushService.answer(device.subscription.endpoint, 410);
    const gone = await post(owner, `/api/push/devices/${device.device.id}/test`, {});
    expect(gone.status).toBe(404);
    expect(((await gone.json()) as ApiErrorBody).error.message).toMatch(/no longer knows "Old phone".*removed it/);
    expect((await devicesOf(owner)).map((d) => d.id)).not.toContain(device.device.id);
  });

  it("needs a session for the device routes", async () => {
    expect((await fetch(`${p.t.url}/api/push/devices`)).status).toBe(401);
  });
});

type Sub = ReturnType<PushTestApp["pushService"]["subscribe"]>;

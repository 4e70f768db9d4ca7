import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pushDevices } from "../../src/db/schema.ts";
import { withOwnAddress } from "../support/channels.ts";
import { post, put, type ApiErrorBody } from "../support/content.ts";
import { startFakePushService } from "../support/fake-push-service.ts";
import { startAutoconfirmApp } from "../support/fixtures.ts";
import { pushCheckIn, registerDevice, startPushApp, type PushTestApp } from "../support/push.ts";
import { signUpUser } from "../support/users.ts";

let p: PushTestApp;
beforeAll(async () => {
  p = await startPushApp();
});
afterAll(() => p.close());

describe("devices and the account", () => {
  it("are in the account's export by name and dates only, never endpoint, keys or credential", async () => {
    const owner = withOwnAddress(await signUpUser(p.t));
    const device = await registerDevice(p, owner, "Ada's phone");
    const text = await (await owner.api("/api/account/export")).text();
    expect(JSON.parse(text).account.notification_devices).toEqual([
      { name: "Ada's phone", created_at: device.device.created_at, last_push_at: null, last_check_in_at: null },
    ]);
    for (const secret of [device.subscription.endpoint, device.subscription.keys.auth, device.check_in_credential])
      expect(text).not.toContain(secret);
  });

  it("go with a deleted account, and their credentials stop working", async () => {
    const owner = withOwnAddress(await signUpUser(p.t));
    const device = await registerDevice(p, owner);
    const res = await owner.api("/api/account", {
      method: "DELETE",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ password: "correct horse battery staple" }),
    });
    expect(res.status).toBe(204);
    expect(await p.t.database.db.select().from(pushDevices).where(eq(pushDevices.userId, owner.id))).toEqual([]);
    expect((await pushCheckIn(p.t, { credential: device.check_in_credential })).status).toBe(401);
  });
});

describe("a server with WEB_PUSH=false", () => {
  it("says push is off, and refuses devices and push among the reminder channels with a 409 that says so", async () => {
    const pushService = await startFakePushService({ vapidPublicKey: () => null });
    const t = await startAutoconfirmApp({ WEB_PUSH: "false" });
    try {
      expect(await (await fetch(`${t.url}/api/push`)).json()).toEqual({ available: false, public_key: null });
      const owner = await signUpUser(t);
      const res = await post(owner, "/api/push/devices", { name: "Phone", subscription: pushService.subscribe() });
      expect(res.status).toBe(409);
      expect(((await res.json()) as ApiErrorBody).error.message).toMatch(/does not send notifications/);
      const chosen = await put(owner, "/api/profile/channels/reminders", { channels: ["email", "push"] });
      expect(chosen.status).toBe(409);
      expect(((await chosen.json()) as ApiErrorBody).error.message).toMatch(/Web Push is off here/);
    } finally {
      await t.close();
      await pushService.close();
    }
  });
});

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messageConditions, pushDevices } from "../../src/db/schema.ts";
import { withOwnAddress } from "../support/channels.ts";
import { createCondition, createMessage, type ApiErrorBody } from "../support/content.ts";
import { pushCheckIn, registerDevice, startPushApp, type PushTestApp } from "../support/push.ts";
import { subscribe } from "../support/realtime-client.ts";
import { signUpUser, type SignedInUser } from "../support/users.ts";

let p: PushTestApp;
let owner: SignedInUser;
let conditionId: string;
let logLines: string[];

beforeAll(async () => {
  logLines = [];
  const { Writable } = await import("node:stream");
  const logStream = new Writable({
    write(chunk: Buffer, _enc, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  p = await startPushApp({ LOG_LEVEL: "info" }, { logStream });
  owner = withOwnAddress(await signUpUser(p.t));
  conditionId = (await createCondition(owner, (await createMessage(owner)).id)).id;
});
afterAll(() => p.close());

const lastChecked = async () =>
  (
    await p.t.database.db
      .select({ at: messageConditions.lastChecked })
      .from(messageConditions)
      .where(eq(messageConditions.id, conditionId))
  )[0]!.at;

describe("I'm OK from a notification", () => {
  it("checks the owner in with the device's credential alone, says the next deadline, and tells the open app live", async () => {
    const device = await registerDevice(p, owner);
    const socket = await subscribe(p.t, owner.accessToken);
    p.t.clock.advance(30 * 60 * 1000);
    const res = await pushCheckIn(p.t, { credential: device.check_in_credential });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = (await res.json()) as { checked_in_at: string; next_deadline: string };
    expect(body).toEqual({
      checked_in_at: p.t.clock.now().toISOString(),
      next_deadline: new Date(p.t.clock.now().getTime() + 24 * 3600 * 1000).toISOString(),
    });
    expect(await lastChecked()).toEqual(p.t.clock.now());
    expect(await socket.next()).toMatchObject({ type: "UPDATE", new: { id: conditionId } });
    socket.close();
    const [row] = await p.t.database.db.select().from(pushDevices).where(eq(pushDevices.id, device.device.id));
    expect(row!.lastCheckInAt).toEqual(p.t.clock.now());
    expect(logLines.join("")).toContain("checked in from a notification");
    expect(logLines.join("")).not.toContain(device.check_in_credential);
  });

  it("refuses a forged credential with a 401 that says what to do, changes nothing, and logs no secret", async () => {
    const before = await lastChecked();
    p.t.clock.advance(60_000);
    const forged = "A".repeat(43);
    const res = await pushCheckIn(p.t, { credential: forged });
    expect(res.status).toBe(401);
    expect(((await res.json()) as ApiErrorBody).error.message).toMatch(/not valid any more.*Open Trigger Switch/);
    expect(await lastChecked()).toEqual(before);
    expect(logLines.join("")).toContain("notification check-in refused");
    expect(logLines.join("")).not.toContain(forged);
  });

  it("refuses a removed device's credential, replayed after the removal, with 401", async () => {
    const device = await registerDevice(p, owner, "Lost phone");
    p.t.clock.advance(60_000);
    expect((await pushCheckIn(p.t, { credential: device.check_in_credential })).status).toBe(200);
    expect((await owner.api(`/api/push/devices/${device.device.id}`, { method: "DELETE" })).status).toBe(204);
    const before = await lastChecked();
    p.t.clock.advance(60_000);
    expect((await pushCheckIn(p.t, { credential: device.check_in_credential })).status).toBe(401);
    expect(await lastChecked()).toEqual(before);
  });

  it("refuses a credential replaced by the same browser subscribing again", async () => {
    const first = await registerDevice(p, owner, "Browser");
    const res = await owner.api("/api/push/devices", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Browser", subscription: first.subscription }),
    });
    expect(res.status).toBe(201);
    expect((await pushCheckIn(p.t, { credential: first.check_in_credential })).status).toBe(401);
  });

  it.each([
    ["no credential", {}],
    ["an empty credential", { credential: "" }],
    ["an oversized credential", { credential: "x".repeat(201) }],
    ["extra fields", { credential: "x", user_id: "someone" }],
  ])("answers %s with a 400", async (_what, body) => {
    expect((await pushCheckIn(p.t, body)).status).toBe(400);
  });

  it("is limited per credential even from many addresses, and per address", async () => {
    const device = await registerDevice(p, owner, "Busy");
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await pushCheckIn(p.t, { credential: device.check_in_credential })).status);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    const fromOne: number[] = [];
    for (let i = 0; i < 12; i++)
      fromOne.push((await pushCheckIn(p.t, { credential: `guess-${i}` }, "10.66.0.1")).status);
    expect(fromOne.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(fromOne.slice(10)).toEqual([429, 429]);
  });

  it("can do nothing but check in: not a session, not a bearer token, not a realtime subscription", async () => {
    const device = await registerDevice(p, owner, "Kiosk");
    const bearer = { authorization: `Bearer ${device.check_in_credential}` };
    for (const path of ["/api/me", "/api/push/devices", "/api/messages", "/api/profile"])
      expect((await fetch(`${p.t.url}${path}`, { headers: bearer })).status).toBe(401);
    expect((await fetch(`${p.t.url}/api/check-in`, { method: "POST", headers: bearer })).status).toBe(401);
    expect(
      (await fetch(`${p.t.url}/api/push/devices/${device.device.id}`, { method: "DELETE", headers: bearer })).status,
    ).toBe(401);
    expect(
      (
        await fetch(`${p.t.url}/api/check-in/token`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ token: device.check_in_credential }),
        })
      ).status,
    ).toBe(404);
    const { openSocket } = await import("../support/realtime-client.ts");
    const socket = await openSocket(p.t);
    socket.send({ type: "auth", access_token: device.check_in_credential });
    expect((await socket.next()).type).not.toBe("subscribed");
    socket.close();
  });
});

import { formatInstant } from "@trigger-switch/contracts";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliveries, profiles, pushDevices, reminderDeliveryLog } from "../../src/db/schema.ts";
import { withOwnAddress } from "../support/channels.ts";
import { put, type ApiErrorBody } from "../support/content.ts";
import { HOUR, mailsTo, mailText, MINUTE, tick, travel } from "../support/engine.ts";
import { ownerWithMessage } from "../support/fixtures.ts";
import { registerDevice, startPushApp, type PushTestApp } from "../support/push.ts";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink.ts";
import { until } from "../support/until.ts";
import type { SignedInUser } from "../support/users.ts";

let sink: SmtpSink;
const refused = new Set<string>();
let p: PushTestApp;

beforeAll(async () => {
  sink = await startSmtpSink({ reject: (address) => refused.has(address) });
  p = await startPushApp({ SMTP_URL: sink.url });
});
afterAll(async () => {
  await p.close();
  await sink.close();
});

/** An owner in Berlin whose message goes out after 3 hours of silence, reminded an hour before. */
async function ownerInBerlin() {
  const made = await ownerWithMessage(
    p.t,
    { condition_type: "no_check_in", hours_threshold: 3, reminder_hours: [60] },
    1,
  );
  const owner = withOwnAddress(made.owner);
  expect((await put(owner, "/api/profile", { time_zone: "Europe/Berlin" })).status).toBe(200);
  return { ...made, owner, deadline: new Date(p.t.clock.now().getTime() + 3 * HOUR) };
}

const choosePush = (owner: SignedInUser) =>
  put(owner, "/api/profile/channels/reminders", { channels: ["email", "push"] });
const pushRows = (conditionId: string) =>
  p.t.database.db
    .select()
    .from(reminderDeliveryLog)
    .where(and(eq(reminderDeliveryLog.conditionId, conditionId), eq(reminderDeliveryLog.deliveryChannel, "push")));
const reminderChannelsOf = async (userId: string) =>
  (await p.t.database.db.select().from(profiles).where(eq(profiles.id, userId)))[0]!.reminderChannels;

describe("push among the owner's reminder channels", () => {
  it("is refused with a 409 that says what to do until the owner has a device", async () => {
    const { owner } = await ownerInBerlin();
    const res = await choosePush(owner);
    expect(res.status).toBe(409);
    expect(((await res.json()) as ApiErrorBody).error.message).toMatch(/Turn on notifications on a device first/);
    await registerDevice(p, owner);
    const ok = await choosePush(owner);
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { reminder_channels: string[] }).reminder_channels).toEqual(["email", "push"]);
    expect((await (await owner.api("/api/profile/channels")).json()) as object).toMatchObject({
      reminder_channels: ["email", "push"],
    });
  });

  it("pushes the reminder to every device, with the deadline in the owner's zone, in addition to the e-mail", async () => {
    const { owner, conditionId, deadline } = await ownerInBerlin();
    const phone = await registerDevice(p, owner, "Phone");
    const laptop = await registerDevice(p, owner, "Laptop");
    expect((await choosePush(owner)).status).toBe(200);
    await travel(p.t, 2 * HOUR);
    await tick(p.t);
    expect(mailsTo(sink, owner.email)).toHaveLength(1);
    for (const device of [phone, laptop]) {
      const [got] = await p.pushService.waitFor(device.subscription.endpoint);
      const when = formatInstant(deadline, p.t.clock.now(), { timeZone: "Europe/Berlin" });
      expect(when).toMatch(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d\d:\d\d$/);
      expect(got!.payload).toEqual({
        kind: "reminder",
        title: "Time to check in",
        body: `Your switch fires ${when} unless you check in`,
        deadline_at: deadline.toISOString(),
        tag: `reminder:${conditionId}`,
      });
      expect(got!.urgency).toBe("high");
      // Kept by the push service until the deadline, not after it.
      expect(got!.ttl).toBe(3600);
    }
    const rows = await pushRows(conditionId);
    expect(rows.map((r) => [r.recipient, r.deliveryStatus]).sort()).toEqual(
      [
        [phone.device.id, "sent"],
        [laptop.device.id, "sent"],
      ].sort(),
    );
    const devices = await p.t.database.db.select().from(pushDevices).where(eq(pushDevices.userId, owner.id));
    expect(devices.every((d) => d.lastPushAt?.getTime() === p.t.clock.now().getTime())).toBe(true);
    expect(p.pushService.refused).toEqual([]);
  });

  it("removes a device whose subscription is gone, retries one that failed for now there only, and never mails twice", async () => {
    const { owner, conditionId } = await ownerInBerlin();
    const gone = await registerDevice(p, owner, "Old phone");
    const busy = await registerDevice(p, owner, "Tablet");
    expect((await choosePush(owner)).status).toBe(200);
    p.pushService.answer(gone.subscription.endpoint, 404);
    p.pushService.answer(busy.subscription.endpoint, 500);
    await travel(p.t, 2 * HOUR);
    await tick(p.t);
    expect(mailsTo(sink, owner.email)).toHaveLength(1);
    const devices = await p.t.database.db.select().from(pushDevices).where(eq(pushDevices.userId, owner.id));
    expect(devices.map((d) => d.id)).toEqual([busy.device.id]);
    // The tablet is still a device, so push stays chosen and nobody is told anything.
    expect(await reminderChannelsOf(owner.id)).toEqual(["email", "push"]);
    const [attempt] = await pushRows(conditionId);
    const [reminder] = await p.t.database.db.select().from(deliveries).where(eq(deliveries.id, attempt!.deliveryId!));
    expect(reminder!.status).toBe("pending");
    expect(reminder!.lastError).toMatch(/^push: The push service answered 500/);

    p.pushService.answer(busy.subscription.endpoint, null);
    await travel(p.t, 2 * MINUTE);
    await tick(p.t);
    await p.pushService.waitFor(busy.subscription.endpoint);
    expect(p.pushService.to(gone.subscription.endpoint)).toEqual([]);
    expect(mailsTo(sink, owner.email)).toHaveLength(1);
    const rows = await pushRows(conditionId);
    expect(rows.map((r) => [r.recipient, r.deliveryStatus, r.responseData.permanent]).sort()).toEqual(
      [
        [gone.device.id, "failed", true],
        [busy.device.id, "failed", false],
        [busy.device.id, "sent", false],
      ].sort(),
    );
  });

  it("takes push out of the reminder channels and tells the owner by e-mail when their last device's subscription is gone", async () => {
    const { owner } = await ownerInBerlin();
    const only = await registerDevice(p, owner, "Only phone");
    expect((await choosePush(owner)).status).toBe(200);
    p.pushService.answer(only.subscription.endpoint, 410);
    await travel(p.t, 2 * HOUR);
    await tick(p.t);
    expect(await reminderChannelsOf(owner.id)).toEqual(["email"]);
    expect(
      await p.t.database.db
        .select()
        .from(deliveries)
        .where(and(eq(deliveries.userId, owner.id), like(deliveries.idempotencyKey, "notice:push-off:%"))),
    ).toHaveLength(1);
    await travel(p.t, MINUTE);
    await tick(p.t);
    const notices = await until(
      async () =>
        mailsTo(sink, owner.email).filter((m) =>
          mailText(m).includes("Subject: Your reminders no longer come as notifications"),
        ),
      (found) => found.length > 0,
    );
    expect(notices).toHaveLength(1);
    expect(mailText(notices[0]!)).toMatch(/The notifications on "Only phone" stopped working/);
  });

  it("does not count a push as the reminder sent: an e-mail that fails for good on a retry still fails the reminder", async () => {
    const { owner, conditionId } = await ownerInBerlin();
    const device = await registerDevice(p, owner, "Phone");
    expect((await choosePush(owner)).status).toBe(200);
    await travel(p.t, 2 * HOUR);
    await sink.stop();
    try {
      await tick(p.t);
    } finally {
      await sink.start();
    }
    await p.pushService.waitFor(device.subscription.endpoint);
    const [attempt] = await pushRows(conditionId);
    expect(attempt!.deliveryStatus).toBe("sent");
    const reminder = async () =>
      (await p.t.database.db.select().from(deliveries).where(eq(deliveries.id, attempt!.deliveryId!)))[0]!;
    expect((await reminder()).status).toBe("pending");
    refused.add(owner.email);
    await travel(p.t, 2 * MINUTE);
    await tick(p.t);
    expect((await reminder()).status).toBe("failed");
    expect((await reminder()).lastError).toMatch(/^email: /);
    expect(p.pushService.to(device.subscription.endpoint)).toHaveLength(1);
  });

  it("tells the owner once when they remove their last device themselves, and not while another is left", async () => {
    const { owner } = await ownerInBerlin();
    const a = await registerDevice(p, owner, "A");
    const b = await registerDevice(p, owner, "B");
    expect((await choosePush(owner)).status).toBe(200);
    expect((await owner.api(`/api/push/devices/${a.device.id}`, { method: "DELETE" })).status).toBe(204);
    expect(await reminderChannelsOf(owner.id)).toEqual(["email", "push"]);
    expect((await owner.api(`/api/push/devices/${b.device.id}`, { method: "DELETE" })).status).toBe(204);
    expect(await reminderChannelsOf(owner.id)).toEqual(["email"]);
    const notices = await p.t.database.db
      .select()
      .from(deliveries)
      .where(and(eq(deliveries.userId, owner.id), like(deliveries.idempotencyKey, "notice:push-off:%")));
    expect(notices).toHaveLength(1);
  });

  it("takes push out once when the last two devices are removed at the same moment", async () => {
    const { owner } = await ownerInBerlin();
    const a = await registerDevice(p, owner, "A");
    const b = await registerDevice(p, owner, "B");
    expect((await choosePush(owner)).status).toBe(200);
    const answers = await Promise.all(
      [a, b].map((d) => owner.api(`/api/push/devices/${d.device.id}`, { method: "DELETE" })),
    );
    expect(answers.map((r) => r.status)).toEqual([204, 204]);
    expect(await reminderChannelsOf(owner.id)).toEqual(["email"]);
    const notices = await p.t.database.db
      .select()
      .from(deliveries)
      .where(and(eq(deliveries.userId, owner.id), like(deliveries.idempotencyKey, "notice:push-off:%")));
    expect(notices).toHaveLength(1);
  });
});

import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChannelId } from "../../src/channels/channel.ts";
import type { TellOwner } from "../../src/channels/delivery/channel-failure-notice.ts";
import { deliverThroughChannels, type RecipientRoute } from "../../src/channels/delivery/deliver-through-channels.ts";
import { releaseEnvelope, reminderEnvelope } from "../../src/channels/delivery/phone-envelopes.ts";
import { ownerReminderRoute, sendOwnerReminder } from "../../src/channels/delivery/send-owner-reminder.ts";
import { sendWorkDelivery } from "../../src/channels/delivery/send-work-delivery.ts";
import { tellOwnerByNotice } from "../../src/channels/delivery/tell-owner.ts";
import { createMasterKeys, type MasterKeys } from "../../src/crypto/master-keys.ts";
import { openNotice } from "../../src/engine/owner-notices.ts";
import { deliveries, reminderDeliveryLog, reminderSchedule } from "../../src/db/schema.ts";
import {
  newNumber,
  startChannelsApp,
  verifyNumber,
  withOwnAddress,
  type ChannelsTestApp,
} from "../support/channels.ts";
import { createCondition, createMessage, createRecipient, put } from "../support/content.ts";
import { outboxMails } from "../support/outbox.ts";
import { until } from "../support/until.ts";
import { signUpUser, type SignedInUser } from "../support/users.ts";

let c: ChannelsTestApp;
let owner: SignedInUser;
let messageId: string;
let conditionId: string;
let masterKeys: MasterKeys;
let tellOwner: TellOwner;

/**
 * The owner's notices about one delivery in the engine's durable queue, opened: what they will
 * receive. (By the delivery, not by position: the test clock stands still, so creation times tie.)
 */
async function notices(deliveryId: string) {
  const rows = await c.t.database.db
    .select()
    .from(deliveries)
    .where(
      and(
        eq(deliveries.kind, "notice"),
        eq(deliveries.userId, owner.id),
        like(deliveries.idempotencyKey, `notice:channel-failure:${deliveryId}:%`),
      ),
    )
    .orderBy(deliveries.createdAt);
  return rows.map((r) => ({ key: r.idempotencyKey, ...openNotice(masterKeys, r) }));
}

beforeAll(async () => {
  c = await startChannelsApp();
  masterKeys = createMasterKeys({ config: c.t.config });
  tellOwner = tellOwnerByNotice({ masterKeys, clock: c.t.clock, siteUrl: () => c.t.url });
  owner = await signUpUser(c.t);
  messageId = (await createMessage(owner)).id;
  conditionId = (await createCondition(owner, messageId)).id;
});
afterAll(async () => {
  await c.close();
});

/** A released schedule row with one recipient's delivery intent, as the engine writes them. */
async function newDelivery(recipient: { email?: string | null; phone?: string | null; channels: ChannelId[] }) {
  const r = await createRecipient(owner, {
    name: "Sam",
    email: recipient.email ?? null,
    phone: recipient.phone ?? null,
    channels: recipient.channels,
  });
  const { db } = c.t.database;
  const now = c.t.clock.now();
  const [row] = await db
    .insert(reminderSchedule)
    .values({
      messageId,
      conditionId,
      userId: owner.id,
      scheduledAt: now,
      deadline: now,
      reminderType: "final_delivery",
      status: "sent",
      deliveryPriority: "critical",
      retryStrategy: "aggressive",
      idempotencyKey: `test:${r.id}`,
      nextAttemptAt: now,
      releasedAt: now,
      completedAt: now,
    })
    .returning();
  const [delivery] = await db
    .insert(deliveries)
    .values({
      reminderId: row!.id,
      kind: "release",
      recipientId: r.id,
      address: recipient.email ?? "",
      idempotencyKey: `test:${r.id}:delivery`,
      status: "sent",
    })
    .returning();
  const route: RecipientRoute = {
    id: r.id,
    name: "Sam",
    email: recipient.email ?? null,
    phone: recipient.phone ?? null,
    channels: recipient.channels,
  };
  return { reminderId: row!.id, deliveryId: delivery!.id, route };
}

function send(d: Awaited<ReturnType<typeof newDelivery>>, attempt = 1) {
  return deliverThroughChannels({
    db: c.t.database.db,
    clock: c.t.clock,
    channels: c.t.channels,
    delivery: {
      deliveryId: d.deliveryId,
      reminderId: d.reminderId,
      messageId,
      conditionId,
      ownerId: owner.id,
      recipient: d.route,
      attempt,
      responseData: { emergency: false, triggered_by: "deadline" },
    },
    envelopeFor: (channel, to) =>
      channel === "email"
        ? { to, purpose: "release", subject: "A message from Ada", text: "Read it: https://switch.example/access/x" }
        : releaseEnvelope({
            channel,
            to,
            ownerName: "Ada Lovelace",
            link: "https://switch.example/access/x",
            emergency: false,
          }),
    tellOwner,
  });
}

const logOf = (deliveryId: string) =>
  c.t.database.db
    .select()
    .from(reminderDeliveryLog)
    .where(eq(reminderDeliveryLog.deliveryId, deliveryId))
    .orderBy(reminderDeliveryLog.createdAt, reminderDeliveryLog.statusAt);

describe("deliverThroughChannels", () => {
  it("sends on the first channel, as the delivery template with the access link and never the content", async () => {
    const d = await newDelivery({ phone: newNumber(), channels: ["whatsapp", "sms"] });
    const result = await send(d);
    expect(result).toMatchObject({ status: "sent", channel: "whatsapp", fallbackMethod: null });
    const sent = c.whatsapp.sent.at(-1)!;
    expect(sent).toMatchObject({
      to: d.route.phone,
      type: "template",
      template: { name: "message_delivery", body: ["Ada Lovelace", "https://switch.example/access/x"] },
    });
    expect(JSON.stringify(sent)).not.toContain("spare key");
    const [row] = await logOf(d.deliveryId);
    expect(row).toMatchObject({
      deliveryChannel: "whatsapp",
      deliveryStatus: "sent",
      recipientId: d.route.id,
      recipient: d.route.phone,
      providerMessageId: sent.id,
      attempt: 1,
    });
    expect(row!.responseData).toMatchObject({ emergency: false, triggered_by: "deadline", fallback_method: null });
  });

  it("moves to the next channel after a permanent failure, records fallback_method and tells the owner", async () => {
    const d = await newDelivery({
      phone: newNumber(),
      email: "sam@example.com",
      channels: ["whatsapp", "sms", "email"],
    });
    c.whatsapp.failNext(400, 131026, "Message undeliverable");
    const result = await send(d);
    expect(result).toMatchObject({ status: "sent", channel: "sms", fallbackMethod: "sms" });
    expect(c.twilio.sent.at(-1)).toMatchObject({ to: d.route.phone });
    expect(c.twilio.sent.at(-1)!.body).toContain("https://switch.example/access/x");
    const rows = await logOf(d.deliveryId);
    expect(
      rows.map((r) => [r.deliveryChannel, r.deliveryStatus, r.responseData.fallback_method, r.responseData.permanent]),
    ).toEqual([
      ["whatsapp", "failed", null, true],
      ["sms", "sent", "sms", false],
    ]);
    const told = await notices(d.deliveryId);
    expect(told).toEqual([
      expect.objectContaining({
        key: `notice:channel-failure:${d.deliveryId}:whatsapp`,
        to: owner.email,
        subject: "WhatsApp could not reach Sam",
      }),
    ]);
    expect(told[0]!.text).toContain(
      `Your message for Sam could not be delivered by WhatsApp to ${d.route.phone}: WhatsApp refused the message (131026)`,
    );
    expect(told[0]!.text).toContain("We are trying SMS next.");
    expect(told[0]!.text).not.toContain("spare key");
  });

  it("retries a temporary failure on the same channel, without telling anyone or falling back", async () => {
    const d = await newDelivery({ phone: newNumber(), channels: ["whatsapp", "sms"] });
    c.whatsapp.failNext(503, 131016, "Service unavailable");
    const smsBefore = c.twilio.sent.length;
    expect(await send(d)).toMatchObject({ status: "retry", channel: "whatsapp" });
    expect(c.twilio.sent.length).toBe(smsBefore);
    expect(await send(d, 2)).toMatchObject({ status: "sent", channel: "whatsapp", fallbackMethod: null });
    expect(await notices(d.deliveryId)).toEqual([]);
    expect((await logOf(d.deliveryId)).map((r) => [r.deliveryChannel, r.deliveryStatus, r.attempt])).toEqual([
      ["whatsapp", "failed", 1],
      ["whatsapp", "sent", 2],
    ]);
  });

  it("fails when every channel failed for good, and says so to the owner", async () => {
    const d = await newDelivery({ phone: "+15005550009", channels: ["sms"] });
    c.twilio.failNext(400, 21211, "Invalid 'To' Phone Number");
    const result = await send(d);
    expect(result).toMatchObject({ status: "failed", error: expect.stringContaining("21211") });
    const told = await notices(d.deliveryId);
    expect(told).toEqual([expect.objectContaining({ subject: "Sam has not received your message" })]);
    expect(told[0]!.text).toContain("No other way to reach Sam is left");
    // A later attempt does not try the spent channel again.
    const sms = c.twilio.sent.length;
    expect((await send(d, 2)).status).toBe("failed");
    expect(c.twilio.sent.length).toBe(sms);
  });

  it("sends by e-mail for a recipient reached by e-mail", async () => {
    const d = await newDelivery({ email: "kim@example.com", channels: ["email"] });
    expect(await send(d)).toMatchObject({ status: "sent", channel: "email" });
    expect((await outboxMails(c.t, "kim@example.com")).length).toBe(1);
  });
});

describe("status webhooks", () => {
  it("move the log row to delivered and read (WhatsApp), never back", async () => {
    const d = await newDelivery({ phone: newNumber(), channels: ["whatsapp"] });
    await send(d);
    const id = c.whatsapp.sent.at(-1)!.id;
    await c.whatsapp.settled();
    expect((await logOf(d.deliveryId))[0]!.deliveryStatus).toBe("delivered");
    expect((await c.whatsapp.sendStatus(id, "read", d.route.phone!)).status).toBe(200);
    expect((await c.whatsapp.sendStatus(id, "delivered", d.route.phone!)).status).toBe(200);
    const [row] = await logOf(d.deliveryId);
    expect(row!.deliveryStatus).toBe("read");
  });

  it("move the log row to delivered (SMS, Twilio's signed callback)", async () => {
    const d = await newDelivery({ phone: newNumber(), channels: ["sms"] });
    await send(d);
    await c.twilio.settled();
    const [row] = await until(
      () => logOf(d.deliveryId),
      (rows) => rows[0]?.deliveryStatus === "delivered",
    );
    expect(row).toMatchObject({
      deliveryChannel: "sms",
      deliveryStatus: "delivered",
      providerMessageId: c.twilio.sent.at(-1)!.sid,
    });
  });

  it("a failure reported later (not on WhatsApp) reopens the delivery for the next channel and tells the owner", async () => {
    const phone = newNumber();
    // The failure is posted by the test once the attempt is logged: left to the fake, on a slow
    // database it could arrive first, which is the case "a provider's failure that arrives before
    // the attempt is logged" below.
    c.whatsapp.quiet.add(phone);
    const d = await newDelivery({ phone, channels: ["whatsapp", "sms"] });
    expect(await send(d)).toMatchObject({ status: "sent", channel: "whatsapp" });
    const [accepted] = await logOf(d.deliveryId);
    await c.whatsapp.sendStatus(accepted!.providerMessageId!, "failed", phone, {
      code: 131026,
      title: "Message undeliverable",
    });
    const [row] = await logOf(d.deliveryId);
    expect(row).toMatchObject({ deliveryStatus: "failed", error: expect.stringContaining("131026") });
    expect(row!.responseData.permanent).toBe(true);
    const told = await notices(d.deliveryId);
    expect(told).toEqual([
      expect.objectContaining({
        key: `notice:channel-failure:${d.deliveryId}:whatsapp`,
        subject: "WhatsApp could not reach Sam",
      }),
    ]);
    expect(told[0]!.text).toContain("Message undeliverable (131026)");
    // The same failure again (Meta redelivers) changes nothing and tells nobody twice.
    await c.whatsapp.sendStatus(row!.providerMessageId!, "failed", phone, {
      code: 131026,
      title: "Message undeliverable",
    });
    expect((await notices(d.deliveryId)).length).toBe(1);
    const db = c.t.database.db;
    expect((await db.select().from(deliveries).where(eq(deliveries.id, d.deliveryId)))[0]!.status).toBe("pending");
    expect((await db.select().from(reminderSchedule).where(eq(reminderSchedule.id, d.reminderId)))[0]).toMatchObject({
      status: "pending",
      completedAt: null,
    });

    // The engine's next attempt goes to SMS.
    expect(await send(d, 2)).toMatchObject({ status: "sent", channel: "sms", fallbackMethod: "sms" });
  });

  it("a failure of the last channel tells the owner and marks the delivery failed", async () => {
    const phone = newNumber();
    c.whatsapp.notOnWhatsApp.add(phone);
    const d = await newDelivery({ phone, channels: ["whatsapp"] });
    await send(d);
    await c.whatsapp.settled();
    expect(await notices(d.deliveryId)).toEqual([
      expect.objectContaining({ subject: "Sam has not received your message" }),
    ]);
    const [delivery] = await c.t.database.db
      .select()
      .from(deliveries)
      .where(and(eq(deliveries.id, d.deliveryId)));
    expect(delivery).toMatchObject({ status: "failed", lastError: expect.stringContaining("131026") });
  });
});

describe("a provider's failure that arrives before the attempt is logged", () => {
  it("moves on to the next channel within the same attempt, and the owner hears of it once", async () => {
    const phone = newNumber();
    c.whatsapp.notOnWhatsApp.add(phone);
    c.whatsapp.statusesBeforeAnswerNext();
    const d = await newDelivery({ phone, channels: ["whatsapp", "sms"] });
    expect(await send(d)).toMatchObject({ status: "sent", channel: "sms", fallbackMethod: "sms" });
    await c.twilio.settled();
    const rows = await logOf(d.deliveryId);
    expect(rows.map((r) => [r.deliveryChannel, r.deliveryStatus === "failed" ? "failed" : "taken"])).toEqual([
      ["whatsapp", "failed"],
      ["sms", "taken"],
    ]);
    expect(rows[0]).toMatchObject({ error: expect.stringContaining("131026") });
    expect(rows[0]!.responseData.permanent).toBe(true);
    expect(await notices(d.deliveryId)).toEqual([
      expect.objectContaining({
        key: `notice:channel-failure:${d.deliveryId}:whatsapp`,
        subject: "WhatsApp could not reach Sam",
      }),
    ]);
  });

  it("on the last channel fails the delivery and tells the owner nobody was reached", async () => {
    const phone = newNumber();
    c.whatsapp.notOnWhatsApp.add(phone);
    c.whatsapp.statusesBeforeAnswerNext();
    const d = await newDelivery({ phone, channels: ["whatsapp"] });
    expect(await send(d)).toMatchObject({ status: "failed" });
    expect(await notices(d.deliveryId)).toEqual([
      expect.objectContaining({ subject: "Sam has not received your message" }),
    ]);
    const [delivery] = await c.t.database.db.select().from(deliveries).where(eq(deliveries.id, d.deliveryId));
    expect(delivery).toMatchObject({ status: "failed", lastError: expect.stringContaining("131026") });
  });
});

describe("GET /api/messages/:id/receipts", () => {
  it("shows the owner, per recipient and channel, sent / delivered / read / failed and the fallback; nobody else", async () => {
    const phone = newNumber();
    c.whatsapp.notOnWhatsApp.add(phone);
    const d = await newDelivery({ phone, channels: ["whatsapp", "sms"] });
    await send(d);
    await c.whatsapp.settled();
    await send(d, 2);
    await c.twilio.settled();
    const res = await owner.api(`/api/messages/${messageId}/receipts`);
    expect(res.status).toBe(200);
    const mine = (
      (await res.json()) as {
        recipient_id: string;
        channel: string;
        status: string;
        fallback: boolean;
        error: string | null;
        permanent: boolean;
      }[]
    ).filter((r) => r.recipient_id === d.route.id);
    expect(mine).toEqual([
      expect.objectContaining({
        channel: "whatsapp",
        status: "failed",
        fallback: false,
        permanent: true,
        error: expect.stringContaining("131026"),
      }),
      expect.objectContaining({ channel: "sms", status: "delivered", fallback: true, error: null }),
    ]);
    const stranger = await signUpUser(c.t);
    expect((await stranger.api(`/api/messages/${messageId}/receipts`)).status).toBe(404);
  });
});

describe("the owner's reminders on their chosen channels", () => {
  it("go to e-mail and the proven number at once; a retry sends only where it did not go", async () => {
    const me = withOwnAddress(await signUpUser(c.t));
    const number = newNumber();
    await verifyNumber(c, me, number);
    expect((await put(me, "/api/profile/channels/reminders", { channels: ["email", "whatsapp"] })).status).toBe(200);
    const route = await ownerReminderRoute({
      db: c.t.database.db,
      config: c.t.config,
      channels: c.t.channels,
      userId: me.id,
    });
    expect(route).toEqual({ email: me.email, phone: number, channels: ["email", "whatsapp"], devices: [] });

    const mid = (await createMessage(me)).id;
    const cid = (await createCondition(me, mid)).id;
    const { db } = c.t.database;
    const now = c.t.clock.now();
    const [row] = await db
      .insert(reminderSchedule)
      .values({
        messageId: mid,
        conditionId: cid,
        userId: me.id,
        scheduledAt: now,
        deadline: now,
        reminderType: "reminder",
        status: "claimed",
        deliveryPriority: "normal",
        retryStrategy: "standard",
        idempotencyKey: `test:reminder:${mid}`,
        nextAttemptAt: now,
        releasedAt: now,
      })
      .returning();
    const [delivery] = await db
      .insert(deliveries)
      .values({ reminderId: row!.id, kind: "reminder", address: me.email, idempotencyKey: `test:reminder:${mid}:d` })
      .returning();
    const remind = (attempt: number) =>
      sendOwnerReminder({
        db,
        clock: c.t.clock,
        channels: c.t.channels,
        delivery: {
          deliveryId: delivery!.id,
          reminderId: row!.id,
          messageId: mid,
          conditionId: cid,
          ownerId: me.id,
          attempt,
          responseData: { triggered_by: "reminder" },
        },
        route,
        envelopeFor: (channel, to) =>
          channel === "email"
            ? {
                to,
                purpose: "owner_reminder",
                subject: "Check in before Tue 3 Mar, 14:00",
                text: "Check in: https://switch.example/check-in?token=t",
              }
            : reminderEnvelope({
                channel,
                to,
                firstName: "Ada",
                deadline: "Tue 3 Mar, 14:00",
                link: "https://switch.example/check-in?token=t",
              }),
        tellOwner,
      });
    const sentBefore = c.whatsapp.sent.filter((m) => m.to === number).length;
    c.whatsapp.failNext(503, 131016, "Service unavailable");
    expect(await remind(1)).toMatchObject({ status: "retry" });
    expect((await outboxMails(c.t, me.email)).filter((m) => m.subject.startsWith("Check in before")).length).toBe(1);
    expect(await remind(2)).toMatchObject({ status: "sent" });
    const wa = c.whatsapp.sent.filter((m) => m.to === number);
    expect(wa.length).toBe(sentBefore + 1);
    // The number wrote to us when it proved itself, so the 24-hour window is open: free text, with the link.
    expect(wa.at(-1)!.text ?? wa.at(-1)!.template?.body.join(" ")).toContain("https://switch.example/check-in?token=t");
    // E-mail went once, not again on the retry.
    expect((await outboxMails(c.t, me.email)).filter((m) => m.subject.startsWith("Check in before")).length).toBe(1);
  });
});

describe("sendWorkDelivery (the engine's one call)", () => {
  it("sends a release through the recipient's saved channels with the engine's e-mail as the e-mail", async () => {
    const d = await newDelivery({ phone: newNumber(), email: "lee@example.com", channels: ["sms", "email"] });
    const [delivery] = await c.t.database.db.select().from(deliveries).where(eq(deliveries.id, d.deliveryId));
    c.twilio.failNext(400, 21610, "Attempt to send to unsubscribed recipient");
    const result = await sendWorkDelivery({
      db: c.t.database.db,
      clock: c.t.clock,
      config: c.t.config,
      channels: c.t.channels,
      masterKeys,
      tellOwner,
      work: {
        reminderId: d.reminderId,
        messageId,
        conditionId,
        ownerId: owner.id,
        ownerName: "Ada Lovelace",
        ownerFirstName: "Ada",
        deadlineText: "Tue 3 Mar, 14:00",
        deadline: new Date("2026-03-03T14:00:00Z"),
        timeZone: "UTC",
        emergency: false,
      },
      delivery: delivery!,
      mail: {
        to: "lee@example.com",
        subject: "A message from Ada Lovelace",
        text: "Read it: https://switch.example/access/y",
      },
      link: "https://switch.example/access/y",
      responseData: { emergency: false },
    });
    expect(result).toEqual({ status: "sent", error: null });
    expect((await outboxMails(c.t, "lee@example.com")).map((m) => m.subject)).toEqual(["A message from Ada Lovelace"]);
    expect(
      (await logOf(d.deliveryId)).map((r) => [r.deliveryChannel, r.deliveryStatus, r.responseData.fallback_method]),
    ).toEqual([
      ["sms", "failed", null],
      ["email", "sent", "email"],
    ]);
  });
});

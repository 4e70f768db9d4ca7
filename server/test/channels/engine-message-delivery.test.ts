import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMasterKeys, type MasterKeys } from "../../src/crypto/master-keys.ts";
import { deliveries, reminderDeliveryLog, reminderSchedule } from "../../src/db/schema.ts";
import { openNotice } from "../../src/engine/owner-notices.ts";
import {
  armedForSam,
  newNumber,
  startChannelsApp,
  verifyNumber,
  withOwnAddress,
  type ChannelsTestApp,
} from "../support/channels.ts";
import { createCondition, createMessage, createRecipient, put } from "../support/content.ts";
import type { Mailer } from "../../src/mail/mailer.ts";
import { HOUR, MINUTE, tick, travel } from "../support/engine.ts";
import { outboxMails } from "../support/outbox.ts";
import { until } from "../support/until.ts";
import { signUpUser, type SignedInUser } from "../support/users.ts";

// The engine's send seam wired to the channel layer: a real tick, the real channels, WhatsApp
// and SMS answered by the local Graph API and Twilio servers (docs/decisions/014-channels.md).
let c: ChannelsTestApp;
let masterKeys: MasterKeys;

beforeAll(async () => {
  c = await startChannelsApp();
  masterKeys = createMasterKeys({ config: c.t.config });
});
afterAll(async () => {
  await c.close();
});

const armed = (recipient: Parameters<typeof armedForSam>[1], condition: Record<string, unknown> = {}) =>
  armedForSam(c, recipient, condition);

const releaseOf = async (conditionId: string) => {
  const { db } = c.t.database;
  const [row] = await db
    .select()
    .from(reminderSchedule)
    .where(and(eq(reminderSchedule.conditionId, conditionId), eq(reminderSchedule.reminderType, "final_delivery")));
  const ds = await db
    .select()
    .from(deliveries)
    .where(and(eq(deliveries.reminderId, row!.id), eq(deliveries.kind, "release")));
  return { row: row!, delivery: ds[0]! };
};
/** The delivery's log; a row the provider's status webhook already moved on (delivered, read) reads as sent. */
const logOf = async (deliveryId: string) =>
  (
    await c.t.database.db
      .select()
      .from(reminderDeliveryLog)
      .where(eq(reminderDeliveryLog.deliveryId, deliveryId))
      .orderBy(reminderDeliveryLog.createdAt, reminderDeliveryLog.statusAt)
  ).map((l) => ({
    ...l,
    deliveryStatus: l.deliveryStatus === "delivered" || l.deliveryStatus === "read" ? "sent" : l.deliveryStatus,
  }));
async function noticesOf(owner: SignedInUser) {
  const rows = await c.t.database.db
    .select()
    .from(deliveries)
    .where(and(eq(deliveries.kind, "notice"), eq(deliveries.userId, owner.id)));
  return rows.map((r) => ({ key: r.idempotencyKey, ...openNotice(masterKeys, r) }));
}

describe("an engine release to a recipient with only a phone number", () => {
  it("goes out by WhatsApp as the delivery template with the access link, logged once", async () => {
    const phone = newNumber();
    const { conditionId } = await armed({ phone, channels: ["whatsapp", "sms"] });
    await travel(c.t, HOUR + MINUTE);
    const result = await tick(c.t);
    expect(result.claimed).toBeGreaterThanOrEqual(1);

    const sent = c.whatsapp.sent.filter((m) => m.to === phone);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ type: "template", template: { name: "message_delivery" } });
    const link = sent[0]!.template!.body[1]!;
    expect(link).toMatch(new RegExp(`^${c.t.config.SITE_URL}/`));
    expect(JSON.stringify(sent[0])).not.toContain("blue pot");
    expect(JSON.stringify(sent[0])).not.toContain("spare key");

    const { row, delivery } = await releaseOf(conditionId);
    expect(row.status).toBe("sent");
    expect(delivery).toMatchObject({ status: "sent", address: phone, attempts: 1, lastError: null });
    const log = await logOf(delivery.id);
    expect(log.map((l) => [l.deliveryChannel, l.deliveryStatus, l.recipient, l.providerMessageId])).toEqual([
      ["whatsapp", "sent", phone, sent[0]!.id],
    ]);
    expect(log[0]!.responseData).toMatchObject({
      triggered_by: "deadline",
      fallback_method: null,
      kind: "release",
      idempotency_key: delivery.idempotencyKey,
    });
  });

  it("falls back to SMS when WhatsApp refuses for good, records fallback_method and tells the owner", async () => {
    const phone = newNumber();
    const { owner, conditionId } = await armed({ phone, channels: ["whatsapp", "sms"] });
    await travel(c.t, HOUR + MINUTE);
    c.whatsapp.failNext(400, 131026, "Message undeliverable");
    await tick(c.t);

    const sms = c.twilio.sent.filter((m) => m.to === phone);
    expect(sms).toHaveLength(1);
    expect(sms[0]!.body).toContain(`${c.t.config.SITE_URL}/`);
    expect(sms[0]!.body).not.toContain("blue pot");
    const { row, delivery } = await releaseOf(conditionId);
    expect(row.status).toBe("sent");
    expect(delivery.status).toBe("sent");
    // One row per channel tried, none from the engine itself.
    const log = await logOf(delivery.id);
    expect(
      log.map((l) => [l.deliveryChannel, l.deliveryStatus, l.responseData.fallback_method, l.responseData.permanent]),
    ).toEqual([
      ["whatsapp", "failed", null, true],
      ["sms", "sent", "sms", false],
    ]);
    const told = await noticesOf(owner);
    expect(told.filter((n) => n.key === `notice:channel-failure:${delivery.id}:whatsapp`)).toEqual([
      expect.objectContaining({ to: owner.email, subject: "WhatsApp could not reach Sam" }),
    ]);
    expect(told.every((n) => !n.text.includes("blue pot"))).toBe(true);
  });

  it("acts on a WhatsApp failure reported while the release was still being settled: SMS next, the owner told once", async () => {
    const phone = newNumber();
    c.whatsapp.quiet.add(phone); // its status comes when this test says
    const { owner, conditionId } = await armed({ phone, channels: ["whatsapp", "sms"] });
    await travel(c.t, HOUR + MINUTE);
    // The engine settles the row only once the owner's release notice is sent too: Meta's failure
    // webhook is answered while that mail is being sent, so the attempt is logged and not yet settled.
    const mailer: Mailer = {
      kind: c.t.mailer.kind,
      close: () => c.t.mailer.close(),
      async send(mail) {
        if (mail.to === owner.email) {
          const { delivery: sending } = await releaseOf(conditionId);
          const [attempt] = await until(
            () => logOf(sending.id),
            (rows) => rows.some((r) => r.providerMessageId),
          );
          const answer = await c.whatsapp.sendStatus(attempt!.providerMessageId!, "failed", phone, {
            code: 131026,
            title: "Message undeliverable",
          });
          expect(answer.status).toBe(200);
        }
        await c.t.mailer.send(mail);
      },
    };
    await tick(c.t, { mailer });
    let { row, delivery } = await releaseOf(conditionId);
    expect(delivery.status).toBe("pending");
    expect(row.status).toBe("pending");
    expect(c.twilio.sent.filter((m) => m.to === phone)).toHaveLength(0);

    await tick(c.t);
    ({ row, delivery } = await releaseOf(conditionId));
    expect(c.twilio.sent.filter((m) => m.to === phone)).toHaveLength(1);
    expect(delivery).toMatchObject({ status: "sent", attempts: 2 });
    expect(row.status).toBe("sent");
    expect((await logOf(delivery.id)).map((l) => [l.deliveryChannel, l.deliveryStatus, l.attempt])).toEqual([
      ["whatsapp", "failed", 1],
      ["sms", "sent", 2],
    ]);
    expect((await noticesOf(owner)).filter((n) => n.key === `notice:channel-failure:${delivery.id}:whatsapp`)).toEqual([
      expect.objectContaining({ subject: "WhatsApp could not reach Sam" }),
    ]);
  });

  it("retries a temporary WhatsApp failure on WhatsApp under the engine's retry policy", async () => {
    const phone = newNumber();
    const { conditionId } = await armed({ phone, channels: ["whatsapp", "sms"] });
    await travel(c.t, HOUR + MINUTE);
    c.whatsapp.failNext(503, 131016, "Service unavailable");
    const smsBefore = c.twilio.sent.length;
    await tick(c.t);
    let { row, delivery } = await releaseOf(conditionId);
    expect(row.status).toBe("pending");
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(c.t.clock.now().getTime());
    expect(delivery).toMatchObject({ status: "pending", attempts: 1, lastError: expect.stringContaining("whatsapp") });

    await travel(c.t, row.nextAttemptAt.getTime() - c.t.clock.now().getTime() + 1000);
    await tick(c.t);
    ({ row, delivery } = await releaseOf(conditionId));
    expect(row.status).toBe("sent");
    expect(delivery).toMatchObject({ status: "sent", attempts: 2 });
    expect(c.twilio.sent.length).toBe(smsBefore);
    expect((await logOf(delivery.id)).map((l) => [l.deliveryChannel, l.deliveryStatus, l.attempt])).toEqual([
      ["whatsapp", "failed", 1],
      ["whatsapp", "sent", 2],
    ]);
  });

  it("parks the release when every channel fails for good, and the owner hears of each", async () => {
    const phone = newNumber();
    const { owner, conditionId } = await armed({ phone, channels: ["sms"] });
    await travel(c.t, HOUR + MINUTE);
    c.twilio.failNext(400, 21211, "Invalid 'To' Phone Number");
    await tick(c.t);
    const { row, delivery } = await releaseOf(conditionId);
    expect(row.status).toBe("parked");
    expect(delivery).toMatchObject({ status: "failed", lastError: expect.stringContaining("21211") });
    expect((await logOf(delivery.id)).map((l) => [l.deliveryChannel, l.deliveryStatus])).toEqual([["sms", "failed"]]);
    const subjects = (await noticesOf(owner)).map((n) => n.subject);
    expect(subjects).toContain("Sam has not received your message");
  });

  it("keeps plain e-mail recipients on the engine's mail path, with one log row", async () => {
    const email = `kim-${Date.now()}@example.com`;
    const { conditionId } = await armed({ email, channels: ["email"] });
    await travel(c.t, HOUR + MINUTE);
    await tick(c.t);
    const { delivery } = await releaseOf(conditionId);
    expect(delivery.status).toBe("sent");
    expect((await outboxMails(c.t, email)).map((m) => m.subject)).toEqual(["A message from Ada Lovelace"]);
    expect((await logOf(delivery.id)).map((l) => [l.deliveryChannel, l.deliveryStatus])).toEqual([["email", "sent"]]);
  });
});

describe("the owner's reminders from the engine", () => {
  it("reach e-mail and the owner's proven WhatsApp number, each logged once", async () => {
    const owner = withOwnAddress(await signUpUser(c.t));
    const number = newNumber();
    await verifyNumber(c, owner, number);
    expect((await put(owner, "/api/profile/channels/reminders", { channels: ["email", "whatsapp"] })).status).toBe(200);
    const message = await createMessage(owner, { title: "The spare key", text_content: "It is under the blue pot." });
    const r = await createRecipient(owner, {
      name: "Sam",
      email: `sam-${Date.now()}@example.com`,
      channels: ["email"],
    });
    await put(owner, `/api/messages/${message.id}/recipients`, { recipient_ids: [r.id] });
    const cond = await createCondition(owner, message.id, {
      condition_type: "no_check_in",
      hours_threshold: 2,
      reminder_hours: [30],
    });
    const before = c.whatsapp.sent.filter((m) => m.to === number).length;
    await travel(c.t, 90 * MINUTE + MINUTE);
    await tick(c.t);

    const wa = c.whatsapp.sent.filter((m) => m.to === number).slice(before);
    expect(wa).toHaveLength(1);
    expect(JSON.stringify(wa[0])).toContain(`${c.t.config.SITE_URL}/`);
    expect(JSON.stringify(wa[0])).not.toContain("blue pot");
    expect((await outboxMails(c.t, owner.email)).filter((m) => m.subject.startsWith("Check in before"))).toHaveLength(
      1,
    );

    const { db } = c.t.database;
    const [row] = await db
      .select()
      .from(reminderSchedule)
      .where(and(eq(reminderSchedule.conditionId, cond.id), eq(reminderSchedule.reminderType, "reminder")));
    expect(row!.status).toBe("sent");
    const [d] = await db.select().from(deliveries).where(eq(deliveries.reminderId, row!.id));
    expect(d!.status).toBe("sent");
    expect((await logOf(d!.id)).map((l) => [l.deliveryChannel, l.deliveryStatus]).sort()).toEqual([
      ["email", "sent"],
      ["whatsapp", "sent"],
    ]);
  });
});

import { NO_ACTIVE_PANIC_MESSAGE } from "@trigger-switch/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accessGrants, recipients, sentReminders } from "../../src/db/schema.ts";
import { createMessage, createRecipient, post, put, setRecipients } from "../support/content.ts";
import { linkIn, mailsTo, mailText, tick } from "../support/engine.ts";
import { engineAppWithSink, ownerWithMessage } from "../support/fixtures.ts";
import type { SmtpSink } from "../support/smtp-sink.ts";
import type { TestApp } from "../support/test-app.ts";
import { signUpUser } from "../support/users.ts";
import { conditionRow, logRows, panicMessage, panicRows, press, shareLocation } from "./emergency-setup.ts";

let sink: SmtpSink;
let t: TestApp;
beforeAll(async () => {
  ({ t, sink } = await engineAppWithSink());
});
afterAll(() => t.close());

describe("pressing the emergency button", () => {
  it("sends every recipient an unmistakable emergency mail with the place, coordinates and a map link", async () => {
    const s = await panicMessage(t);
    expect((await shareLocation(s.owner, s.messageId, 51.508, -0.128, 18)).status).toBe(200);
    t.clock.advance(3_000);
    const pressedAt = t.clock.now();
    const { status, body } = await press(s.owner, s.messageId, {
      deduplicationId: "press-1",
      timestamp: pressedAt.toISOString(),
    });
    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      error: null,
      keepArmed: true,
      duplicate: false,
      recipients: 2,
      locationIncluded: true,
      locatedAt: new Date(pressedAt.getTime() - 3_000).toISOString(),
      locationName: "near London, United Kingdom",
      triggeredAt: pressedAt.toISOString(),
    });

    const [row] = await panicRows(t, s.conditionId);
    expect(row).toMatchObject({
      reminderType: "final_delivery",
      deliveryPriority: "critical",
      retryStrategy: "aggressive",
      status: "pending",
    });
    expect(row!.scheduledAt).toEqual(pressedAt);
    await tick(t);

    for (const email of s.recipientEmails) {
      const mails = mailsTo(sink, email);
      expect(mails).toHaveLength(1);
      const text = mailText(mails[0]!);
      expect(text).toMatch(/^Subject: EMERGENCY alert from Alex Morgan/m);
      expect(text).toContain("Alex Morgan pressed the emergency button");
      expect(text).toContain(
        `${new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" }).format(pressedAt)} UTC`,
      );
      expect(text).toContain("near London, United Kingdom");
      expect(text).toContain("51.50800, -0.12800, accurate to about 18 m");
      expect(text).toContain("3 seconds before the alert");
      expect(text).toContain("https://www.openstreetmap.org/?mlat=51.50800&mlon=-0.12800#map=16/51.50800/-0.12800");
      // The message opens at once (no unlock delay): its words are in the mail.
      expect(text).toMatch(/THEIR MESSAGE:\r?\n"The spare key"\r?\nIt is under the blue pot\./);
      expect(text).toContain("It is under the blue pot.");
      expect(linkIn(mails[0]!, `${t.url}/access/message/${s.messageId}?t=`)).toMatch(/\?t=[\w-]{20,}/);
    }
    const [done] = await panicRows(t, s.conditionId);
    expect(done!.status).toBe("sent");
    // The owner's releases list tells this release apart from a missed deadline.
    const releases = (await (await s.owner.api(`/api/messages/${s.messageId}/releases`)).json()) as {
      emergency: boolean;
    }[];
    expect(releases.map((r) => r.emergency)).toEqual([true, true]);
    expect(
      await t.database.db.select().from(sentReminders).where(eq(sentReminders.conditionId, s.conditionId)),
    ).toMatchObject([{ kind: "panic", deadline: pressedAt }]);
  });

  it("logs each delivery with the spec's emergency fields and its own idempotency key", async () => {
    const s = await panicMessage(t, { keep_armed: true });
    await press(s.owner, s.messageId);
    const pressedAt = t.clock.now().toISOString();
    await tick(t);
    // The owner's notice is logged too; the recipients' two deliveries are checked here.
    const logs = (await logRows(t, s.messageId)).filter((l) => l.responseData.kind === "release");
    expect(logs).toHaveLength(2);
    for (const log of logs) {
      expect(log.deliveryStatus).toBe("sent");
      expect(log.responseData).toMatchObject({
        emergency: true,
        triggered_by: "panic_button",
        triggered_at: pressedAt,
        manual_trigger: true,
        keep_armed: true,
        fallback_method: null,
        location_included: false,
      });
    }
    const keys = logs.map((l) => l.responseData.idempotency_key as string);
    expect(new Set(keys).size).toBe(2);
    for (const id of s.recipientIds) expect(keys).toContain(`condition:${s.conditionId}:${pressedAt}:${id}:email`);
    expect(mailText(mailsTo(sink, s.recipientEmails[0]!)[0]!)).toContain(
      "No current location was available when the alert was sent.",
    );
  });

  it("never sends the same press twice, however many workers tick", async () => {
    const s = await panicMessage(t, {}, 3);
    await press(s.owner, s.messageId);
    await Promise.all([tick(t, { workerId: "a" }), tick(t, { workerId: "b" }), tick(t, { workerId: "c" })]);
    await tick(t, { workerId: "a" });
    for (const email of s.recipientEmails) expect(mailsTo(sink, email)).toHaveLength(1);
  });

  it("keeps the condition armed when keep_armed is unset or true, and disarms it when false", async () => {
    const unset = await panicMessage(t, {}, 1);
    expect((await press(unset.owner, unset.messageId)).body.keepArmed).toBe(true);
    expect((await conditionRow(t, unset.conditionId)).active).toBe(true);

    const kept = await panicMessage(t, { keep_armed: true }, 1);
    expect((await press(kept.owner, kept.messageId)).body.keepArmed).toBe(true);
    expect((await conditionRow(t, kept.conditionId)).active).toBe(true);

    const once = await panicMessage(t, { keep_armed: false }, 1);
    expect((await press(once.owner, once.messageId)).body.keepArmed).toBe(false);
    expect((await conditionRow(t, once.conditionId)).active).toBe(false);
    // The alert still goes out although its condition is no longer active.
    await tick(t);
    expect(mailsTo(sink, once.recipientEmails[0]!)).toHaveLength(1);
    // Used up: pressed again after the duplicate window, there is no active panic message.
    t.clock.advance(31_000);
    expect(await press(once.owner, once.messageId)).toEqual({
      status: 409,
      body: { success: false, error: NO_ACTIVE_PANIC_MESSAGE },
    });
  });

  it("lets the request's keepArmed override panic_config", async () => {
    const s = await panicMessage(t, { keep_armed: true }, 1);
    expect((await press(s.owner, s.messageId, { keepArmed: false })).body.keepArmed).toBe(false);
    expect((await conditionRow(t, s.conditionId)).active).toBe(false);
    await tick(t);
    const [log] = await logRows(t, s.messageId);
    expect(log!.responseData.keep_armed).toBe(false);
  });

  it("answers the spec's error when the message has no active panic condition", async () => {
    const timed = await ownerWithMessage(t, { condition_type: "no_check_in", hours_threshold: 24 }, 1);
    expect(await press(timed.owner, timed.messageId)).toEqual({
      status: 409,
      body: { success: false, error: NO_ACTIVE_PANIC_MESSAGE },
    });

    const disarmed = await panicMessage(t, {}, 1);
    expect((await post(disarmed.owner, `/api/conditions/${disarmed.conditionId}/disarm`, {})).status).toBe(200);
    expect(await press(disarmed.owner, disarmed.messageId)).toEqual({
      status: 409,
      body: { success: false, error: NO_ACTIVE_PANIC_MESSAGE },
    });
    expect(await panicRows(t, disarmed.conditionId)).toHaveLength(0);
  });

  it("fails loudly, sending nothing, when no recipient can be reached by a channel this server sends", async () => {
    const owner = await signUpUser(t);
    await put(owner, "/api/profile", { first_name: "Alex", last_name: "Morgan", whatsapp_number: "+447700900123" });
    const message = await createMessage(owner);
    // A WhatsApp-only recipient saved while WhatsApp was configured; this server has no WhatsApp
    // now (creating one here is refused with 409), so nobody can be reached.
    const phoneOnly = await createRecipient(owner, { name: "Sam", email: "sam@example.com" });
    await t.database.db
      .update(recipients)
      .set({ email: null, phone: "+447700900999", channels: ["whatsapp"] })
      .where(eq(recipients.id, phoneOnly.id));
    await setRecipients(owner, message.id, [phoneOnly.id]);
    const c = await post(owner, `/api/messages/${message.id}/conditions`, { condition_type: "panic_trigger" });
    const conditionId = ((await c.json()) as { id: string }).id;
    expect(await press(owner, message.id)).toEqual({
      status: 409,
      body: {
        success: false,
        error:
          "Nobody could be alerted: this message's recipients can be reached only by WhatsApp, which this server does not send (its operator has not set it up). " +
          'Give a recipient an e-mail address and choose E-mail under "Reach them by", or contact someone directly.',
      },
    });
    expect(await panicRows(t, conditionId)).toHaveLength(0);
    // Nothing was recorded as a press: once fixed, the very next press goes out.
    const r = await createRecipient(owner, { email: `fixed-${Date.now()}@example.com` });
    await setRecipients(owner, message.id, [phoneOnly.id, r.id]);
    expect((await press(owner, message.id)).body).toMatchObject({ success: true, recipients: 1 });
  });

  it("fails loudly, sending nothing, when the message has no recipients, and says so", async () => {
    const s = await panicMessage(t, {}, 1);
    await setRecipients(s.owner, s.messageId, []);
    expect(await press(s.owner, s.messageId)).toEqual({
      status: 409,
      body: {
        success: false,
        error:
          "Nobody could be alerted: this emergency message has no recipients. " +
          'Give a recipient an e-mail address and choose E-mail under "Reach them by", or contact someone directly.',
      },
    });
    expect(await panicRows(t, s.conditionId)).toHaveLength(0);
  });

  it("answers 404 for another user's message and for an unknown one, and 401 signed out", async () => {
    const s = await panicMessage(t, {}, 1);
    const stranger = await signUpUser(t);
    const res = await press(stranger, s.messageId);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: "not_found", message: "Message not found" } });
    expect((await press(stranger, "6f1d0c1e-2b1a-4c5d-8e9f-0a1b2c3d4e5f")).status).toBe(404);
    expect(await panicRows(t, s.conditionId)).toHaveLength(0);

    const anonymous = await fetch(`${t.url}/functions/v1/send-message-notifications`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ messageId: s.messageId }),
    });
    expect(anonymous.status).toBe(401);
  });

  it("refuses a malformed body with the API's validation error", async () => {
    const s = await panicMessage(t, {}, 1);
    const res = await press(s.owner, "not-a-uuid");
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: { code: "validation_failed", fields: { messageId: "messageId must be a message id" } },
    });
    expect((await press(s.owner, s.messageId, { keepArmed: "yes" })).status).toBe(400);
  });

  it("holds the message back behind the unlock delay — title, text and place — and tells the owner how to cancel", async () => {
    const s = await panicMessage(t, { unlock_delay_hours: 2, expiry_hours: 24 }, 1);
    await shareLocation(s.owner, s.messageId, 48.853, 2.349);
    await press(s.owner, s.messageId);
    const pressedAt = t.clock.now();
    await tick(t);
    const text = mailText(mailsTo(sink, s.recipientEmails[0]!)[0]!);
    expect(text).toContain("EMERGENCY alert from Alex Morgan");
    for (const content of ["It is under the blue pot.", "The spare key", "Paris", "48.85", "openstreetmap"])
      expect(text).not.toContain(content);
    expect(text).toMatch(
      /Alex Morgan chose to have their message open only after a delay: it opens on .*\. Use the link below to read it then\./,
    );
    expect(mailText(mailsTo(sink, s.owner.email)[0]!)).toContain("Your emergency alert was sent");
    const [grant] = await t.database.db.select().from(accessGrants).where(eq(accessGrants.conditionId, s.conditionId));
    expect(grant!.opensAt.getTime() - pressedAt.getTime()).toBe(2 * 3_600_000);
    expect(grant!.expiresAt!.getTime() - grant!.opensAt.getTime()).toBe(24 * 3_600_000);
  });

  it("shows the recipient's access page that it was an emergency, with the time the position was captured", async () => {
    const s = await panicMessage(t, {}, 1);
    await shareLocation(s.owner, s.messageId, 48.853, 2.349);
    const locatedAt = t.clock.now().toISOString();
    t.clock.advance(5_000);
    await press(s.owner, s.messageId);
    await tick(t);
    const link = linkIn(mailsTo(sink, s.recipientEmails[0]!)[0]!, `${t.url}/access/message/${s.messageId}?t=`);
    const token = new URL(link).searchParams.get("t")!;
    const page = (await (await fetch(`${t.url}/api/access/${s.messageId}?t=${token}`)).json()) as Record<
      string,
      unknown
    >;
    expect(page).toMatchObject({
      state: "open",
      title: "The spare key",
      emergency: { triggered_at: t.clock.now().toISOString(), location_current: true },
      location: {
        latitude: 48.853,
        longitude: 2.349,
        name: "near Paris, France",
        located_at: locatedAt,
        accuracy_m: null,
      },
    });
  });
});

import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reminderDeliveryLog } from "../../src/db/schema.ts";
import { newNumber, startChannelsApp, withOwnAddress, type ChannelsTestApp } from "../support/channels.ts";
import { createMessage, createRecipient, post, put, setRecipients } from "../support/content.ts";
import { tick } from "../support/engine.ts";
import { startAutoconfirmApp } from "../support/fixtures.ts";
import { outboxMails } from "../support/outbox.ts";
import type { TestApp } from "../support/test-app.ts";
import { signUpUser, type SignedInUser } from "../support/users.ts";
import { press } from "./emergency-setup.ts";

// The emergency reaches each recipient on their own channels, as any release does: a recipient
// with only a phone number is alerted by WhatsApp where this server sends it (or keeps it in the
// local mailbox), and counts among the people the owner is told were alerted.
let c: ChannelsTestApp;
let local: TestApp;
beforeAll(async () => {
  c = await startChannelsApp();
  // No provider and no mail server: local mode, WhatsApp lands in the local mailbox.
  local = await startAutoconfirmApp({ JWT_EXPIRY: "86400" });
});
afterAll(async () => {
  await c?.close();
  await local?.close();
});

/** An owner with an emergency message for the given recipients (created through the API). */
async function emergencyFor(owner: SignedInUser, people: Record<string, unknown>[]) {
  await put(owner, "/api/profile", { first_name: "Alex", last_name: "Morgan", time_zone: "Europe/London" });
  const message = await createMessage(owner, { title: "The spare key", text_content: "It is under the blue pot." });
  const ids: string[] = [];
  for (const person of people) ids.push((await createRecipient(owner, person)).id);
  await setRecipients(owner, message.id, ids);
  const res = await post(owner, `/api/messages/${message.id}/conditions`, { condition_type: "panic_trigger" });
  expect(res.status).toBe(201);
  return { messageId: message.id, recipientIds: ids };
}

const logOf = (t: TestApp, messageId: string) =>
  t.database.db
    .select()
    .from(reminderDeliveryLog)
    .where(and(eq(reminderDeliveryLog.messageId, messageId), eq(reminderDeliveryLog.deliveryChannel, "whatsapp")));

describe("an emergency for a recipient with only a phone number", () => {
  it("is sent where WhatsApp is configured, counts them, and reaches them by WhatsApp", async () => {
    const owner = withOwnAddress(await signUpUser(c.t));
    const phone = newNumber();
    const email = `kim-${Date.now()}@example.com`;
    const { messageId } = await emergencyFor(owner, [
      { name: "Sam", email: null, phone },
      { name: "Kim", email },
    ]);

    const { status, body } = await press(owner, messageId);
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, error: null, duplicate: false, recipients: 2 });

    await tick(c.t);
    const sent = c.whatsapp.sent.filter((m) => m.to === phone);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ type: "template", template: { name: "message_delivery" } });
    expect(sent[0]!.template!.body[0]).toBe("Alex Morgan");
    expect(sent[0]!.template!.body[1]).toMatch(new RegExp(`^${c.t.config.SITE_URL}/access/message/${messageId}\\?t=`));
    const log = await logOf(c.t, messageId);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ recipient: phone, providerMessageId: sent[0]!.id });
    expect(log[0]!.responseData).toMatchObject({
      emergency: true,
      triggered_by: "panic_button",
      fallback_method: null,
    });
    // The other recipient still gets the e-mail (the outbox: this server has no mail server).
    expect((await outboxMails(c.t, email)).map((m) => m.subject)).toEqual(["EMERGENCY alert from Alex Morgan"]);
  });

  it("is sent in local mode, counts them, and keeps their WhatsApp message in the local mailbox", async () => {
    const owner = await signUpUser(local);
    const phone = "+447700900321";
    const { messageId } = await emergencyFor(owner, [{ name: "Sam", email: null, phone }]);

    const { status, body } = await press(owner, messageId);
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, duplicate: false, recipients: 1 });

    await tick(local);
    const kept = await outboxMails(local, phone);
    expect(kept).toHaveLength(1);
    expect(kept[0]!.channel).toBe("whatsapp");
    expect(kept[0]!.text).toContain("Alex Morgan pressed the emergency button in Trigger Switch");
    expect(kept[0]!.text).toContain(`${local.config.SITE_URL}/access/message/${messageId}?t=`);
    expect(await logOf(local, messageId)).toMatchObject([{ recipient: phone, deliveryStatus: "sent" }]);
  });
});

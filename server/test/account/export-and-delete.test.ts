import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { trustedContactInviteSchema } from "@trigger-switch/contracts";
import { eq } from "drizzle-orm";
import { inviteTrustedContact } from "../../src/contacts/invite-contact.ts";
import { createMasterKeys } from "../../src/crypto/master-keys.ts";
import { deliveries, messageConditions, reminderSchedule, sessions, users } from "../../src/db/schema.ts";
import {
  createCondition,
  createMessage,
  createRecipient,
  post,
  put,
  setRecipients,
  uploadFile,
} from "../support/content.ts";
import { startAutoconfirmApp } from "../support/fixtures.ts";
import type { TestApp } from "../support/test-app.ts";
import { signUpUser } from "../support/users.ts";
import { waitForMail } from "../auth/auth-test-helpers.ts";
import { fakeStripeEnv, startFakeStripe } from "../support/fake-stripe.ts";
import { outboxMails } from "../support/outbox.ts";

let t: TestApp;
/** The dialog's request: the account's password confirms the deletion. */
const deleteWithPassword = {
  method: "DELETE",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ password: "correct horse battery staple" }),
};
beforeAll(async () => {
  t = await startAutoconfirmApp();
});
afterAll(async () => {
  await t?.close();
});

/** An owner with a recipient, a message with an armed condition and an attachment. */
async function ownerWithSwitch() {
  const owner = await signUpUser(t);
  const recipient = await createRecipient(owner, { name: "Sam", email: "sam@example.com" });
  const message = await createMessage(owner, {
    title: "For Sam",
    text_content: "The spare key is under the blue pot.",
  });
  await setRecipients(owner, message.id, [recipient.id]);
  const condition = await createCondition(owner, message.id);
  const upload = await uploadFile(owner, message.id, Buffer.from("%PDF-1.4 the deeds"), "deeds.pdf", "application/pdf");
  expect(upload.status).toBe(201);
  return { owner, recipient, message, condition };
}

describe("exporting the account", () => {
  it("downloads everything decrypted: profile, recipients, trusted contacts, messages with recipients, conditions and attachments", async () => {
    const { owner, recipient, message, condition } = await ownerWithSwitch();
    const input = trustedContactInviteSchema.parse({
      name: "Jo next door",
      channel: "email",
      address: "jo@example.com",
    });
    const masterKeys = createMasterKeys({ config: t.config });
    // The invitation names the owner by first name, so inviting needs one.
    expect((await put(owner, "/api/profile", { first_name: "Alex", last_name: "Morgan" })).status).toBe(200);
    const { contact } = await inviteTrustedContact({
      db: t.database.db,
      clock: t.clock,
      masterKeys,
      siteUrl: t.config.SITE_URL,
      userId: owner.id,
      input,
    });
    const asks = { window_hours: 48, hold_days: 7, max_holds_in_a_row: 3, release_answers_needed: 1 };
    const on = await put(owner, `/api/conditions/${condition.id}/confirmation`, {
      enabled: true,
      ...asks,
      contact_ids: [contact.id],
    });
    expect(on.status).toBe(200);
    const res = await owner.api("/api/account/export");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="trigger-switch-export-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = JSON.parse(await res.text());
    expect(data).toMatchObject({
      format: "trigger-switch-export/1",
      account: { id: owner.id, email: owner.email },
      recipients: [{ id: recipient.id, name: "Sam" }],
      trusted_contacts: [{ name: "Jo next door", channel: "email", address: "jo@example.com", state: "invited" }],
      confirmations: [{ condition_id: condition.id, enabled: true, ...asks, contact_ids: [contact.id] }],
    });
    expect(data.messages).toHaveLength(1);
    const [exported] = data.messages;
    expect(exported).toMatchObject({
      id: message.id,
      title: "For Sam",
      text_content: "The spare key is under the blue pot.",
      recipients: [recipient.id],
    });
    expect(exported.conditions).toEqual([expect.objectContaining({ id: condition.id, condition_type: "no_check_in" })]);
    expect(exported.attachments).toEqual([expect.objectContaining({ file_name: "deeds.pdf", size_bytes: 18 })]);
    expect(Buffer.from(exported.attachments[0].content_base64, "base64").toString()).toBe("%PDF-1.4 the deeds");
  });

  it("exports an empty account as valid JSON, and only the caller's own data", async () => {
    await ownerWithSwitch();
    const empty = await signUpUser(t);
    const data = JSON.parse(await (await empty.api("/api/account/export")).text());
    expect(data.messages).toEqual([]);
    expect(data.recipients).toEqual([]);
    expect(data.trusted_contacts).toEqual([]);
    expect(data.confirmations).toEqual([]);
    expect(data.access_permissions).toEqual([]);
    expect(data.access_requests).toEqual([]);
    expect((await fetch(`${t.url}/api/account/export`)).status).toBe(401);
  });
});

describe("deleting the account", () => {
  it("disarms every switch, removes every row and file, ends the sessions and confirms by e-mail", async () => {
    const { owner } = await ownerWithSwitch();
    await fetch(`${t.url}/auth/v1/recover`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: owner.email }),
    });
    await waitForMail(t, owner.email, "Reset your Trigger Switch password");
    const attachmentsDir = path.join(t.config.DATA_DIR, "attachments");
    const filesBefore = fs.readdirSync(attachmentsDir).length;
    const res = await owner.api("/api/account", deleteWithPassword);
    expect(res.status, await res.text()).toBe(204);

    const db = t.database.db;
    expect(await db.select().from(users).where(eq(users.id, owner.id))).toEqual([]);
    expect(await db.select().from(messageConditions).where(eq(messageConditions.userId, owner.id))).toEqual([]);
    expect(await db.select().from(reminderSchedule).where(eq(reminderSchedule.userId, owner.id))).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.userId, owner.id))).toEqual([]);
    expect(fs.readdirSync(attachmentsDir).length).toBe(filesBefore - 1);
    expect((await owner.api("/api/profile")).status).toBe(401);
    const mail = await waitForMail(t, owner.email, "Your Trigger Switch account was deleted");
    expect(mail.text).toContain("Every switch was disarmed");
    // The local outbox keeps nothing of the account but the confirmation (a reset link there would be the account's).
    expect((await outboxMails(t, owner.email)).map((m) => m.subject)).toEqual([
      "Your Trigger Switch account was deleted",
    ]);
    // The address can sign up afresh.
    expect(
      (
        await fetch(`${t.url}/auth/v1/token?grant_type=password`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email: owner.email, password: "correct horse battery staple" }),
        })
      ).status,
    ).toBe(400);
  });

  it("needs the password once the sign-in is more than 5 minutes old", async () => {
    const { owner } = await ownerWithSwitch();
    t.clock.advance(6 * 60_000);
    const bare = await owner.api("/api/account", { method: "DELETE" });
    expect(bare.status).toBe(403);
    expect(((await bare.json()) as { error: { fields: Record<string, string> } }).error.fields.password).toBe(
      "Enter your current password",
    );
    const wrong = await owner.api("/api/account", {
      method: "DELETE",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ password: "not it" }),
    });
    expect(wrong.status).toBe(403);
    const right = await owner.api("/api/account", {
      method: "DELETE",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ password: "correct horse battery staple" }),
    });
    expect(right.status).toBe(204);
  });

  it("leaves other accounts untouched", async () => {
    const { owner } = await ownerWithSwitch();
    const other = await ownerWithSwitch();
    expect((await owner.api("/api/account", deleteWithPassword)).status).toBe(204);
    const list = (await (await other.owner.api("/api/messages")).json()) as unknown[];
    expect(list).toHaveLength(1);
  });
});

describe("deleting an account on Plus", () => {
  // Starts a server of its own with Stripe configured: room for a busy machine.
  it("cancels the Stripe subscription at once, before anything is removed", { timeout: 120_000 }, async () => {
    const webhook = { url: "" };
    const stripe = await startFakeStripe({ webhookUrl: () => webhook.url });
    const app = await startAutoconfirmApp(fakeStripeEnv(stripe));
    webhook.url = `${app.url}/webhooks/stripe`;
    try {
      const owner = await signUpUser(app);
      const { url } = (await (await post(owner, "/api/billing/checkout", { interval: "month" })).json()) as {
        url: string;
      };
      const sub = await stripe.completeCheckout(url.split("/pay/")[1]!);
      expect((await owner.api("/api/account", deleteWithPassword)).status).toBe(204);
      expect(stripe.subscriptions.get(String(sub.id))!.status).toBe("canceled");
      expect(
        stripe.requests.some((r) => r.method === "DELETE" && r.path === `/v1/subscriptions/${String(sub.id)}`),
      ).toBe(true);
      // No "your plan changed" notice to an account that is gone: one the cancellation's webhook
      // queued goes with the account (deliveries.user_id cascades), and none is queued after it.
      await new Promise((r) => setTimeout(r, 300));
      expect(await app.database.db.select().from(deliveries).where(eq(deliveries.address, owner.email))).toEqual([]);
    } finally {
      await app.close();
      await stripe.close();
    }
  });
});

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliverThroughChannels } from "../../src/channels/delivery/deliver-through-channels.ts";
import { releaseEnvelope } from "../../src/channels/delivery/phone-envelopes.ts";
import { mailboxKey } from "../../src/mail/mailbox-key.ts";
import { deliveries, mailOutbox, reminderSchedule } from "../../src/db/schema.ts";
import { newNumber, startChannelsApp, type ChannelsTestApp } from "../support/channels.ts";
import { createCondition, createMessage, patch, post, put, type ApiErrorBody } from "../support/content.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { signUpUser } from "../support/users.ts";

let free: ChannelsTestApp;
let smtpOnly: TestApp;
let local: TestApp;
let freeSmtpOnly: TestApp;
beforeAll(async () => {
  // One after the other: servers starting at once on a busy machine can exceed Fastify's plugin timeout.
  free = await startChannelsApp({ DEFAULT_PLAN: "free" });
  // A mail server but no messaging provider: WhatsApp and SMS are simply off.
  smtpOnly = await startTestApp({ AUTH_AUTOCONFIRM: "true", SMTP_URL: "smtp://127.0.0.1:9" });
  // Neither: local mode, everything lands in the local mailbox.
  local = await startTestApp({ AUTH_AUTOCONFIRM: "true" });
  // Free, with a mail server and no messaging provider: upgrading would not bring WhatsApp or SMS.
  freeSmtpOnly = await startTestApp({ AUTH_AUTOCONFIRM: "true", SMTP_URL: "smtp://127.0.0.1:9", DEFAULT_PLAN: "free" });
}, 240_000);
afterAll(async () => {
  await free?.close();
  await smtpOnly?.close();
  await local?.close();
  await freeSmtpOnly?.close();
});

const errorOf = async (res: Response, status: number) => {
  const body = (await res.json()) as ApiErrorBody;
  expect(res.status, JSON.stringify(body)).toBe(status);
  return body.error;
};

describe("a recipient's channels and the plan (docs/decisions/018)", () => {
  it("Free: refuses WhatsApp and SMS with the plan's words, on create, on edit and for reminders", async () => {
    const user = await signUpUser(free.t);
    const error = await errorOf(
      await post(user, "/api/recipients", { name: "Sam", phone: newNumber(), channels: ["whatsapp", "sms"] }),
      403,
    );
    expect(error).toMatchObject({
      code: "plan_limit",
      fields: { channels: expect.stringContaining("Your Free plan delivers by e-mail only, not by WhatsApp and SMS") },
    });
    expect(error.message).toContain("The operator of this service chooses the plan (DEFAULT_PLAN).");

    // A phone number alone cannot be reached on Free; with an e-mail address the default is e-mail only.
    expect((await errorOf(await post(user, "/api/recipients", { name: "Sam", phone: newNumber() }), 403)).code).toBe(
      "plan_limit",
    );
    const ok = await post(user, "/api/recipients", { name: "Sam", email: "sam@example.com", phone: newNumber() });
    expect(ok.status).toBe(201);
    const saved = (await ok.json()) as { id: string; channels: string[] };
    expect(saved.channels).toEqual(["email"]);

    expect(
      (await errorOf(await patch(user, `/api/recipients/${saved.id}`, { channels: ["email", "sms"] }), 403)).code,
    ).toBe("plan_limit");
    expect(
      (await errorOf(await put(user, "/api/profile/channels/reminders", { channels: ["email", "whatsapp"] }), 403))
        .code,
    ).toBe("plan_limit");
  });

  it("Plus: keeps the order the owner chose", async () => {
    const user = await signUpUser(local);
    const res = await post(user, "/api/recipients", {
      name: "Sam",
      email: "sam@example.com",
      phone: newNumber(),
      channels: ["sms", "whatsapp", "email"],
    });
    expect(res.status).toBe(201);
    expect(((await res.json()) as { channels: string[] }).channels).toEqual(["sms", "whatsapp", "email"]);
  });

  it("refuses a number that is not E.164, with words a person can act on", async () => {
    const user = await signUpUser(local);
    for (const phone of ["07700 900123", "+0447700900123", "+44 77", "call me"]) {
      const error = await errorOf(
        await post(user, "/api/recipients", { name: "Sam", phone, channels: ["whatsapp"] }),
        400,
      );
      expect(error.fields?.phone).toMatch(/international format/);
    }
  });
});

describe("a server without a messaging provider", () => {
  it("with a mail server: refuses WhatsApp and SMS for recipients, naming what is missing (409)", async () => {
    const user = await signUpUser(smtpOnly);
    const error = await errorOf(
      await post(user, "/api/recipients", { name: "Sam", phone: "+447700900123", channels: ["whatsapp"] }),
      409,
    );
    expect(error.fields?.channels).toBe(
      "This server does not send WhatsApp messages: its operator has not configured WhatsApp. Choose another way to reach them.",
    );
    const info = (await (await fetch(`${smtpOnly.url}/api/channels`)).json()) as {
      whatsapp: { available: boolean; local: boolean; missing: string[] };
    };
    expect(info.whatsapp).toMatchObject({
      available: false,
      local: false,
      missing: expect.arrayContaining(["WHATSAPP_ACCESS_TOKEN"]),
    });
  });

  it("on Free: says the server does not send by WhatsApp or SMS before any word about the plan (409, not 403)", async () => {
    const user = await signUpUser(freeSmtpOnly);
    const expected = (names: string, what: string) =>
      `This server does not send ${names} messages: its operator has not configured ${what}.`;
    for (const [body, names, what] of [
      [{ name: "Sam", phone: newNumber(), channels: ["whatsapp"] }, "WhatsApp", "WhatsApp"],
      [{ name: "Sam", phone: newNumber(), channels: ["sms"] }, "SMS", "SMS"],
      [{ name: "Sam", phone: newNumber(), channels: ["whatsapp", "sms"] }, "WhatsApp or SMS", "them"],
      // A phone number alone: the default would be WhatsApp, which this server does not send.
      [{ name: "Sam", phone: newNumber() }, "WhatsApp", "WhatsApp"],
    ] as const) {
      const error = await errorOf(await post(user, "/api/recipients", body), 409);
      expect(error.code).toBe("conflict");
      expect(error.message).toBe(`${expected(names, what)} Choose another way to reach them.`);
      expect(error.message).not.toMatch(/plan|upgrade|Plus/i);
    }

    const ok = await post(user, "/api/recipients", { name: "Sam", email: "sam@example.com", phone: newNumber() });
    expect(ok.status).toBe(201);
    const saved = (await ok.json()) as { id: string; channels: string[] };
    expect(saved.channels).toEqual(["email"]);
    const edit = await errorOf(await patch(user, `/api/recipients/${saved.id}`, { channels: ["email", "sms"] }), 409);
    expect(edit.message).toBe(`${expected("SMS", "SMS")} Choose another way to reach them.`);

    const reminders = await errorOf(
      await put(user, "/api/profile/channels/reminders", { channels: ["email", "whatsapp"] }),
      409,
    );
    expect(reminders.message).toBe(`${expected("WhatsApp", "WhatsApp")} Your reminders go by e-mail.`);
  });

  it("in local mode: accepts them, and what would go by WhatsApp or SMS lands in the local mailbox, marked and sealed", async () => {
    const user = await signUpUser(local);
    const phone = "+447700900777";
    const res = await post(user, "/api/recipients", { name: "Sam", phone, channels: ["sms", "whatsapp"] });
    expect(res.status).toBe(201);
    const recipient = (await res.json()) as { id: string };
    const info = (await (await fetch(`${local.url}/api/channels`)).json()) as {
      sms: { available: boolean; local: boolean };
    };
    expect(info.sms).toMatchObject({ available: false, local: true });

    const messageId = (await createMessage(user)).id;
    const conditionId = (await createCondition(user, messageId)).id;
    const { db } = local.database;
    const now = local.clock.now();
    const [row] = await db
      .insert(reminderSchedule)
      .values({
        messageId,
        conditionId,
        userId: user.id,
        scheduledAt: now,
        deadline: now,
        reminderType: "final_delivery",
        status: "claimed",
        deliveryPriority: "critical",
        retryStrategy: "aggressive",
        idempotencyKey: `local:${recipient.id}`,
        nextAttemptAt: now,
        releasedAt: now,
      })
      .returning();
    const [delivery] = await db
      .insert(deliveries)
      .values({
        reminderId: row!.id,
        kind: "release",
        recipientId: recipient.id,
        address: "",
        idempotencyKey: `local:${recipient.id}:d`,
      })
      .returning();
    const result = await deliverThroughChannels({
      db,
      clock: local.clock,
      channels: local.channels,
      delivery: {
        deliveryId: delivery!.id,
        reminderId: row!.id,
        messageId,
        conditionId,
        ownerId: user.id,
        recipient: { id: recipient.id, name: "Sam", email: null, phone, channels: ["sms", "whatsapp"] },
        attempt: 1,
        responseData: {},
      },
      envelopeFor: (channel, to) =>
        releaseEnvelope({
          channel: channel as "sms",
          to,
          ownerName: "Ada",
          link: `${local.url}/access/message/x?t=y`,
          emergency: false,
        }),
      tellOwner: () => Promise.reject(new Error("nothing failed")),
    });
    expect(result).toMatchObject({
      status: "sent",
      channel: "sms",
      receipt: { providerMessageId: expect.stringMatching(/^local:/) },
    });

    const key = mailboxKey(local.config);
    const mails = (await (
      await fetch(`${local.url}/dev/mailbox/messages.json?to=${encodeURIComponent(phone)}&key=${key}`)
    ).json()) as { channel: string; subject: string; text: string }[];
    expect(mails).toEqual([
      expect.objectContaining({
        channel: "sms",
        subject: "SMS message",
        text: expect.stringContaining("Ada asked Trigger Switch to pass a message on to you"),
      }),
    ]);
    expect(mails[0]!.text).toContain("set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM");
    const [raw] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, phone));
    expect(raw).toMatchObject({ channel: "sms", keyId: expect.any(String) });
    expect(raw!.text).not.toContain("Ada");
    const page = await (
      await fetch(`${local.url}/dev/mailbox?key=${key}`, { redirect: "manual" })
    ).headers.get("set-cookie");
    const html = await (await fetch(`${local.url}/dev/mailbox`, { headers: { cookie: page!.split(";")[0]! } })).text();
    expect(html).toContain('<span class="mark mark-sms">SMS</span>');
    expect(html).toContain(
      "Messages marked SMS would have gone by SMS: that provider is not configured on this server either",
    );
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newNumber, startChannelsApp, verifyNumber, type ChannelsTestApp } from "../support/channels.ts";
import { post, put } from "../support/content.ts";
import { mailText, tick } from "../support/engine.ts";
import { fakeStripeEnv, startFakeStripe, type FakeStripe } from "../support/fake-stripe.ts";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { signUpUser, type SignedInUser } from "../support/users.ts";

// Billing on, with WhatsApp and SMS configured (docs/decisions/014, 018).
let stripe: FakeStripe;
let sink: SmtpSink;
let c: ChannelsTestApp;
let emailOnly: TestApp;
beforeAll(async () => {
  stripe = await startFakeStripe({ webhookUrl: () => `${c.t.url}/webhooks/stripe` });
  sink = await startSmtpSink();
  c = await startChannelsApp({ SMTP_URL: sink.url, ...fakeStripeEnv(stripe) });
  emailOnly = await startTestApp({ AUTH_AUTOCONFIRM: "true", SMTP_URL: "smtp://127.0.0.1:9", DEFAULT_PLAN: "free" });
}, 240_000);
afterAll(async () => {
  await c?.close();
  await emailOnly?.close();
  await stripe?.close();
  await sink?.close();
});

type Overview = { plan: string; server_channels: string[]; channel_changes: string[] };
const overview = async (u: SignedInUser) => (await (await u.api("/api/billing")).json()) as Overview;

async function plusUser(): Promise<{ user: SignedInUser; subscriptionId: string }> {
  const user = await signUpUser(c.t);
  const { url } = (await (await post(user, "/api/billing/checkout", { interval: "month" })).json()) as { url: string };
  const sub = await stripe.completeCheckout(url.split("/pay/")[1]!);
  return { user, subscriptionId: String(sub.id) };
}

describe("WhatsApp and SMS when Plus ends", () => {
  it("names only the channels this server sends by", async () => {
    const { user } = await plusUser();
    expect((await overview(user)).server_channels).toEqual(["email", "whatsapp", "sms"]);
    const other = await signUpUser(emailOnly);
    expect(await overview(other)).toMatchObject({ server_channels: ["email"], channel_changes: [] });
  });

  it("offers Plus for the channel asked for, never for one not asked (which this server may not have)", async () => {
    const user = await signUpUser(c.t);
    const res = await post(user, "/api/recipients", { name: "Sam", phone: newNumber(), channels: ["whatsapp"] });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      "Your Free plan delivers by e-mail only, not by WhatsApp. Choose e-mail, or upgrade to Plus on the Subscription page for WhatsApp.",
    );
  });

  it("tells the owner their WhatsApp reminders now come by e-mail, and that recipients keep their channels", async () => {
    const { user, subscriptionId } = await plusUser();
    await verifyNumber(c, user, newNumber());
    expect((await put(user, "/api/profile/channels/reminders", { channels: ["email", "whatsapp"] })).status).toBe(200);
    const saved = await post(user, "/api/recipients", {
      name: "Sam",
      email: "sam@example.com",
      phone: newNumber(),
      channels: ["sms", "email"],
    });
    expect(saved.status).toBe(201);
    expect((await overview(user)).channel_changes).toEqual([]);

    await stripe.setStatus(subscriptionId, "canceled");
    const reminders =
      "Your check-in reminders by WhatsApp have stopped: your Free plan reminds by e-mail only, so they now come by e-mail. Your choice is kept and used again if you upgrade to Plus.";
    const recipients =
      "One recipient has SMS among their channels. It stays: when a message goes out, their channels are still tried in the order you set. On your Free plan you cannot add SMS to a recipient.";
    expect(await overview(user)).toMatchObject({ plan: "free", channel_changes: [reminders, recipients] });

    await tick(c.t);
    const mail = sink.mails.find(
      (m) => m.to.includes(user.email) && /^Subject: Your plan is now Free\r?$/m.test(m.raw),
    );
    expect(mail).toBeDefined();
    const text = mailText(mail!);
    expect(text).toContain(reminders);
    expect(text).toContain(recipients);
  });
});

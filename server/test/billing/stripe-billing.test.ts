import Stripe from "stripe";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { deliveries, messageConditions, stripeEvents, subscriptions } from "../../src/db/schema.ts";
import {
  createCondition,
  createMessage,
  createRecipient,
  post,
  uploadFile,
  type ApiErrorBody,
} from "../support/content.ts";
import { mailText, tick, travel } from "../support/engine.ts";
import { FAKE_WEBHOOK_SECRET, fakeStripeEnv, startFakeStripe, type FakeStripe } from "../support/fake-stripe.ts";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { signUpUser, type SignedInUser } from "../support/users.ts";

let stripe: FakeStripe;
let sink: SmtpSink;
let t: TestApp;
let off: TestApp;

beforeAll(async () => {
  stripe = await startFakeStripe({ webhookUrl: () => `${t.url}/webhooks/stripe` });
  sink = await startSmtpSink();
  // One after the other: two servers starting at once on a busy machine can exceed Fastify's plugin timeout.
  t = await startTestApp({ AUTH_AUTOCONFIRM: "true", SMTP_URL: sink.url, ...fakeStripeEnv(stripe) });
  off = await startTestApp({ AUTH_AUTOCONFIRM: "true" });
});
afterAll(async () => {
  await t?.close();
  await off?.close();
  await stripe?.close();
  await sink?.close();
});

type Overview = {
  billing_enabled: boolean;
  plan: string;
  plans: { id: string; prices: unknown[] }[];
  subscription: Record<string, unknown> | null;
  over_limit: string[];
};
const overview = async (u: SignedInUser) => (await (await u.api("/api/billing")).json()) as Overview;
const webhook = (app: TestApp, payload: string, signature?: string) =>
  fetch(`${app.url}/webhooks/stripe`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(signature ? { "stripe-signature": signature } : {}) },
    body: payload,
  });
const signed = (event: Record<string, unknown>) => {
  const payload = JSON.stringify(event);
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: FAKE_WEBHOOK_SECRET }) };
};

/** The plan-change notices queued for a user (their keys name the kind and the Stripe event). */
const planNotices = (userId: string, kind = "") =>
  t.database.db
    .select()
    .from(deliveries)
    .where(and(eq(deliveries.kind, "notice"), like(deliveries.idempotencyKey, `notice:plan:${userId}:${kind}%`)));

/** One engine tick (the test app runs none of its own), then the mails the sink has for `to` with `subject`, as text. */
async function deliveredTo(to: string, subject: string): Promise<string[]> {
  await tick(t);
  const line = new RegExp(`^Subject: ${subject}\\r?$`, "m");
  return sink.mails.filter((m) => m.to.includes(to) && line.test(m.raw)).map(mailText);
}

/** A user who went through Checkout: Plus, with the subscription's id. */
async function plusUser(): Promise<{ user: SignedInUser; subscriptionId: string }> {
  const user = await signUpUser(t);
  const res = await post(user, "/api/billing/checkout", { interval: "month" });
  expect(res.status).toBe(200);
  const { url } = (await res.json()) as { url: string };
  const sub = await stripe.completeCheckout(url.split("/pay/")[1]!);
  return { user, subscriptionId: String(sub.id) };
}

function subscriptionEvent(
  subId: string,
  status: string,
  created: number,
  id = `evt_${Math.random().toString(36).slice(2)}`,
) {
  const sub = { ...stripe.subscriptions.get(subId)!, status };
  return {
    id,
    object: "event",
    created,
    type: status === "canceled" ? "customer.subscription.deleted" : "customer.subscription.updated",
    data: { object: sub },
  };
}

describe("upgrading", () => {
  it("shows Free with Plus's price from Stripe, then Plus once Checkout's webhooks arrive", async () => {
    const user = await signUpUser(t);
    const before = await overview(user);
    expect(before).toMatchObject({ billing_enabled: true, plan: "free", subscription: null });
    expect(before.plans.find((p) => p.id === "plus")!.prices).toEqual([
      { interval: "month", amount: 400, currency: "eur" },
      { interval: "year", amount: 4000, currency: "eur" },
    ]);
    const { url } = (await (await post(user, "/api/billing/checkout", { interval: "year" })).json()) as { url: string };
    expect(url).toMatch(new RegExp(`^${stripe.url}/pay/cs_`));
    const checkout = stripe.requests.find(
      (r) => r.path === "/v1/checkout/sessions" && r.form.client_reference_id === user.id,
    )!;
    expect(checkout.form).toMatchObject({
      mode: "subscription",
      "line_items[0][price]": "price_plus_yearly",
      "subscription_data[metadata][user_id]": user.id,
      success_url: `${t.config.SITE_URL}/subscription?checkout=success`,
    });
    // Returning from Checkout changes nothing by itself: the signed webhook does.
    expect((await overview(user)).plan).toBe("free");
    await stripe.completeCheckout(url.split("/pay/")[1]!);
    const after = await overview(user);
    expect(after).toMatchObject({
      plan: "plus",
      subscription: {
        status: "active",
        interval: "year",
        amount: 4000,
        currency: "eur",
        cancel_at_period_end: false,
        payment_problem: false,
      },
    });
    // The welcome is queued with the change and sent by the engine.
    expect(await planNotices(user.id, "upgraded")).toEqual([
      expect.objectContaining({ status: "pending", address: user.email }),
    ]);
    expect(await deliveredTo(user.email, "Welcome to Plus")).toHaveLength(1);
    // Plus's limits apply at once.
    const m = await createMessage(user);
    expect(
      (await post(user, `/api/messages/${m.id}/conditions`, { condition_type: "no_check_in", minutes_threshold: 30 }))
        .status,
    ).toBe(201);
    // A second Checkout is refused: one subscription per account.
    expect((await post(user, "/api/billing/checkout", {})).status).toBe(409);
  });

  it("refuses a bad interval with a 400 naming the field", async () => {
    const user = await signUpUser(t);
    const res = await post(user, "/api/billing/checkout", { interval: "weekly" });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ApiErrorBody).error.fields).toHaveProperty("interval");
  });
});

describe("webhooks", () => {
  it("refuses a bad signature, a missing one and a body that is not an event, changing nothing", async () => {
    const { user, subscriptionId } = await plusUser();
    const event = subscriptionEvent(subscriptionId, "canceled", Math.floor(Date.now() / 1000) + 60);
    const { payload } = signed(event);
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_someone_else" });
    const bad = await webhook(t, payload, forged);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ApiErrorBody).error.message).toMatch(/signature does not match/);
    expect((await webhook(t, payload)).status).toBe(400);
    const tampered = signed(event);
    expect((await webhook(t, tampered.payload.replace("canceled", "active"), tampered.signature)).status).toBe(400);
    const garbage = signed({ hello: "world" });
    expect((await webhook(t, garbage.payload, garbage.signature)).status).toBe(400);
    expect((await t.database.db.select().from(stripeEvents).where(eq(stripeEvents.id, event.id))).length).toBe(0);
    expect((await overview(user)).plan).toBe("plus");
  });

  it("applies a replayed event once, and tells its owner once", async () => {
    const { user, subscriptionId } = await plusUser();
    const event = subscriptionEvent(subscriptionId, "past_due", Math.floor(Date.now() / 1000) + 60);
    const { payload, signature } = signed(event);
    const first = await webhook(t, payload, signature);
    expect(await first.json()).toEqual({ received: true, duplicate: false });
    const again = await webhook(t, payload, signature);
    expect(await again.json()).toEqual({ received: true, duplicate: true });
    expect((await planNotices(user.id, "payment_failed")).map((n) => n.idempotencyKey)).toEqual([
      `notice:plan:${user.id}:payment_failed:${event.id}`,
    ]);
    expect(await deliveredTo(user.email, "We could not take your payment")).toHaveLength(1);
    // Replayed again after the mail went out: still nothing new to send.
    expect(await (await webhook(t, payload, signature)).json()).toEqual({ received: true, duplicate: true });
    expect(await planNotices(user.id, "payment_failed")).toHaveLength(1);
    expect(await deliveredTo(user.email, "We could not take your payment")).toHaveLength(1);
  });

  it("answers 200 while the mail server is down: the owner's mail waits in the queue and goes out when it is back", async () => {
    const { user, subscriptionId } = await plusUser();
    await tick(t); // the welcome, while the sink still listens
    await sink.stop();
    try {
      const { payload, signature } = signed(
        subscriptionEvent(subscriptionId, "past_due", Math.floor(Date.now() / 1000) + 60),
      );
      const res = await webhook(t, payload, signature);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ received: true, duplicate: false });
      await tick(t); // refused: tried again in 30 s
      expect(await planNotices(user.id, "payment_failed")).toEqual([
        expect.objectContaining({ status: "pending", attempts: 1 }),
      ]);
    } finally {
      await sink.start();
    }
    await travel(t, 31_000);
    const [mail] = await deliveredTo(user.email, "We could not take your payment");
    expect(mail).toMatch(/Nothing of yours was switched off/);
    expect(await planNotices(user.id, "payment_failed")).toEqual([
      expect.objectContaining({ status: "sent", attempts: 2 }),
    ]);
  });

  it("keeps the newest state when events arrive out of order, and never revives a cancelled subscription", async () => {
    const { user, subscriptionId } = await plusUser();
    const now = Math.floor(Date.now() / 1000);
    const cancelled = signed(subscriptionEvent(subscriptionId, "canceled", now + 120));
    const olderActive = signed(subscriptionEvent(subscriptionId, "active", now + 60));
    expect((await webhook(t, cancelled.payload, cancelled.signature)).status).toBe(200);
    expect((await webhook(t, olderActive.payload, olderActive.signature)).status).toBe(200);
    expect((await overview(user)).plan).toBe("free");
    // Even a later event cannot bring a cancelled subscription back (Stripe never does).
    const laterActive = signed(subscriptionEvent(subscriptionId, "active", now + 600));
    await webhook(t, laterActive.payload, laterActive.signature);
    const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
    expect(row!.status).toBe("canceled");
  });

  it("orders two events of the same second by where the status lies in a subscription's life", async () => {
    const { user, subscriptionId } = await plusUser();
    const at = Math.floor(Date.now() / 1000) + 300;
    const unpaid = signed(subscriptionEvent(subscriptionId, "unpaid", at));
    const active = signed(subscriptionEvent(subscriptionId, "active", at));
    await webhook(t, unpaid.payload, unpaid.signature);
    await webhook(t, active.payload, active.signature);
    expect((await overview(user)).subscription).toMatchObject({ status: "unpaid", payment_problem: true });
  });
});

describe("a downgrade or a failed payment never disarms anything", () => {
  it("keeps Plus while a payment is retried, and says so on the page and by e-mail", async () => {
    const { user, subscriptionId } = await plusUser();
    await stripe.setStatus(subscriptionId, "past_due");
    expect(await overview(user)).toMatchObject({
      plan: "plus",
      subscription: { status: "past_due", payment_problem: true, ended_at: null },
    });
    const [mail] = await deliveredTo(user.email, "We could not take your payment");
    expect(mail).toMatch(/Nothing of yours was switched off/);
  });

  it("leaves every armed switch and item over Free's limits in place, refuses new ones, and says how many must go", async () => {
    const { user, subscriptionId } = await plusUser();
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push((await createMessage(user, { title: `Letter ${i}` })).id);
    for (let i = 0; i < 6; i++) await createRecipient(user, { name: `R${i}` });
    for (let i = 0; i < 5; i++)
      expect((await uploadFile(user, ids[1]!, Buffer.from(`note ${i}\n`), `n${i}.txt`, "text/plain")).status).toBe(201);
    const short = await createCondition(user, ids[0]!, { condition_type: "no_check_in", hours_threshold: 2 });
    await stripe.setStatus(subscriptionId, "canceled");

    const page = await overview(user);
    expect(page.plan).toBe("free");
    expect(page.over_limit).toEqual([
      "You have 7 messages and your Free plan allows 3. All of them stay, and their armed switches keep running. To write a new one, delete 5 messages, or upgrade to Plus.",
      "You have 6 recipients and your Free plan allows 5. All of them still receive your messages. To add one, delete 2 recipients, or upgrade to Plus.",
      "Your fullest message has 5 attachments and your Free plan allows 3 per message. They all stay and go out with it. To add a file to it, delete 3 of its attachments, or upgrade to Plus.",
      "One armed switch checks more often than your Free plan allows. It keeps running as set; changing the timing or arming again needs an interval of 1 day or more, or upgrade to Plus.",
    ]);
    const [condition] = await t.database.db.select().from(messageConditions).where(eq(messageConditions.id, short.id));
    expect(condition).toMatchObject({ isArmed: true, active: true, hoursThreshold: 2 });

    const refusal = async (res: Response) => {
      expect(res.status).toBe(403);
      return ((await res.json()) as ApiErrorBody).error.message;
    };
    expect(await refusal(await post(user, "/api/messages", { title: "new" }))).toBe(
      "Your Free plan allows 3 messages and you have 7. Delete 5 messages to add one, or upgrade to Plus on the Subscription page for up to 100.",
    );
    expect(await refusal(await post(user, "/api/recipients", { name: "One more", email: "x@example.com" }))).toBe(
      "Your Free plan allows 5 recipients and you have 6. Delete 2 recipients to add one, or upgrade to Plus on the Subscription page for up to 200.",
    );
    expect(await refusal(await uploadFile(user, ids[1]!, Buffer.from("six\n"), "n6.txt", "text/plain"))).toBe(
      "Your Free plan allows 3 attachments per message and this one has 5. Delete 3 attachments to add one, or upgrade to Plus on the Subscription page for up to 10.",
    );
    const [mail] = await deliveredTo(user.email, "Your plan is now Free");
    expect(mail).toMatch(/Nothing of yours was switched off: every armed switch keeps running/);
    expect(mail).toMatch(/You have 7 messages and your Free plan allows 3/);
  });

  it("says when Plus ended once the subscription has ended, and nothing while it runs", async () => {
    const { user, subscriptionId } = await plusUser();
    expect((await overview(user)).subscription).toMatchObject({ status: "active", ended_at: null });
    const before = Date.now();
    await stripe.setStatus(subscriptionId, "canceled");
    const page = await overview(user);
    expect(page).toMatchObject({ plan: "free", subscription: { status: "canceled", payment_problem: false } });
    const ended = Date.parse(String(page.subscription!.ended_at));
    // The time of Stripe's event that ended it (whole seconds).
    expect(ended).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(ended).toBeLessThanOrEqual(Date.now());
  });
});

describe("managing the subscription", () => {
  it("cancels at the period's end and takes it back, through Stripe's API", async () => {
    const { user, subscriptionId } = await plusUser();
    const cancelled = (await (await post(user, "/api/billing/cancel", {})).json()) as Overview;
    expect(
      stripe.requests.some(
        (r) => r.path === `/v1/subscriptions/${subscriptionId}` && r.form.cancel_at_period_end === "true",
      ),
    ).toBe(true);
    expect(cancelled).toMatchObject({ plan: "plus", subscription: { cancel_at_period_end: true } });
    expect(cancelled.subscription!.ends_at).toBe(cancelled.subscription!.current_period_end);
    const resumed = (await (await post(user, "/api/billing/resume", {})).json()) as Overview;
    expect(resumed.subscription).toMatchObject({ cancel_at_period_end: false, ends_at: null });
  });

  it("opens the customer portal and lists invoices", async () => {
    const { user } = await plusUser();
    const { url } = (await (await post(user, "/api/billing/portal", {})).json()) as { url: string };
    expect(url).toContain(`${stripe.url}/portal/cus_`);
    const invoices = (await (await user.api("/api/billing/invoices")).json()) as Record<string, unknown>[];
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ status: "paid", amount: 400, currency: "eur", url: `${stripe.url}/invoice` });
  });

  it("answers a Stripe outage with a 503 that says nothing was charged", async () => {
    const user = await signUpUser(t);
    await stripe.close();
    try {
      const res = await post(user, "/api/billing/checkout", {});
      expect(res.status).toBe(503);
      expect(((await res.json()) as ApiErrorBody).error.message).toMatch(/nothing was charged/);
    } finally {
      stripe = await startFakeStripe({ webhookUrl: () => `${t.url}/webhooks/stripe`, port: stripe.port });
    }
  });
});

describe("with billing off", () => {
  it("says so, and refuses checkout and webhooks plainly", async () => {
    const user = await signUpUser(off);
    expect(await overview(user)).toMatchObject({ billing_enabled: false, plan: "plus", subscription: null });
    const checkout = await post(user, "/api/billing/checkout", {});
    expect(checkout.status).toBe(404);
    expect(((await checkout.json()) as ApiErrorBody).error.message).toBe(
      "Billing is off on this server: there is nothing to pay for.",
    );
    const { payload, signature } = signed({
      id: "evt_x",
      type: "customer.subscription.updated",
      created: 1,
      data: { object: {} },
    });
    expect((await webhook(off, payload, signature)).status).toBe(404);
  });

  it("refuses to start with half a Stripe configuration", () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: "sk_test_x" })).toThrow(
      /STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_PLUS_MONTHLY: billing needs/,
    );
  });
});

import Stripe from "stripe";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { messageConditions, stripeEvents, subscriptions } from "../../src/db/schema.ts";
import { waitForMail, mailsTo } from "../auth/auth-test-helpers.ts";
import { createCondition, createMessage, post, type ApiErrorBody } from "../support/content.ts";
import { FAKE_WEBHOOK_SECRET, fakeStripeEnv, startFakeStripe, type FakeStripe } from "../support/fake-stripe.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { signUpUser, type SignedInUser } from "../support/users.ts";

let stripe: FakeStripe;
let t: TestApp;
let off: TestApp;

beforeAll(async () => {
  stripe = await startFakeStripe({ webhookUrl: () => `${t.url}/webhooks/stripe` });
  // One after the other: two servers starting at once on a busy machine can exceed Fastify's plugin timeout.
  t = await startTestApp({ AUTH_AUTOCONFIRM: "true", ...fakeStripeEnv(stripe) });
  off = await startTestApp({ AUTH_AUTOCONFIRM: "true" });
});
afterAll(async () => {
  await t?.close();
  await off?.close();
  await stripe?.close();
});

type Overview = { billing_enabled: boolean; plan: string; plans: { id: string; prices: unknown[] }[]; subscription: Record<string, unknown> | null; over_limit: string[] };
const overview = async (u: SignedInUser) => (await (await u.api("/api/billing")).json()) as Overview;
const webhook = (app: TestApp, payload: string, signature?: string) =>
  fetch(`${app.url}/webhooks/stripe`, { method: "POST", headers: { "content-type": "application/json", ...(signature ? { "stripe-signature": signature } : {}) }, body: payload });
const signed = (event: Record<string, unknown>) => {
  const payload = JSON.stringify(event);
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: FAKE_WEBHOOK_SECRET }) };
};

/** A user who went through Checkout: Plus, with the subscription's id. */
async function plusUser(): Promise<{ user: SignedInUser; subscriptionId: string }> {
  const user = await signUpUser(t);
  const res = await post(user, "/api/billing/checkout", { interval: "month" });
  expect(res.status).toBe(200);
  const { url } = (await res.json()) as { url: string };
  const sub = await stripe.completeCheckout(url.split("/pay/")[1]!);
  return { user, subscriptionId: String(sub.id) };
}

function subscriptionEvent(subId: string, status: string, created: number, id = `evt_${Math.random().toString(36).slice(2)}`) {
  const sub = { ...stripe.subscriptions.get(subId)!, status };
  return { id, object: "event", created, type: status === "canceled" ? "customer.subscription.deleted" : "customer.subscription.updated", data: { object: sub } };
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
    const checkout = stripe.requests.find((r) => r.path === "/v1/checkout/sessions" && r.form.client_reference_id === user.id)!;
    expect(checkout.form).toMatchObject({ mode: "subscription", "line_items[0][price]": "price_plus_yearly", "subscription_data[metadata][user_id]": user.id, success_url: `${t.config.SITE_URL}/subscription?checkout=success` });
    // Returning from Checkout changes nothing by itself: the signed webhook does.
    expect((await overview(user)).plan).toBe("free");
    await stripe.completeCheckout(url.split("/pay/")[1]!);
    const after = await overview(user);
    expect(after).toMatchObject({ plan: "plus", subscription: { status: "active", interval: "year", amount: 4000, currency: "eur", cancel_at_period_end: false, payment_problem: false } });
    expect(await waitForMail(t, user.email, "Welcome to Plus")).toBeTruthy();
    // Plus's limits apply at once.
    const m = await createMessage(user);
    expect((await post(user, `/api/messages/${m.id}/conditions`, { condition_type: "no_check_in", minutes_threshold: 30 })).status).toBe(201);
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

  it("applies a replayed event once", async () => {
    const { user, subscriptionId } = await plusUser();
    const { payload, signature } = signed(subscriptionEvent(subscriptionId, "past_due", Math.floor(Date.now() / 1000) + 60));
    const first = await webhook(t, payload, signature);
    expect(await first.json()).toEqual({ received: true, duplicate: false });
    const again = await webhook(t, payload, signature);
    expect(await again.json()).toEqual({ received: true, duplicate: true });
    await waitForMail(t, user.email, "We could not take your payment");
    await new Promise((r) => setTimeout(r, 200));
    expect((await mailsTo(t, user.email)).filter((m) => m.subject === "We could not take your payment")).toHaveLength(1);
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
    expect(await overview(user)).toMatchObject({ plan: "plus", subscription: { status: "past_due", payment_problem: true } });
    const mail = await waitForMail(t, user.email, "We could not take your payment");
    expect(mail.text).toMatch(/Nothing of yours was switched off/);
  });

  it("leaves every armed switch and item over Free's limits in place, refuses new ones, and tells the user", async () => {
    const { user, subscriptionId } = await plusUser();
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push((await createMessage(user, { title: `Letter ${i}` })).id);
    const short = await createCondition(user, ids[0]!, { condition_type: "no_check_in", hours_threshold: 2 });
    await stripe.setStatus(subscriptionId, "canceled");

    const page = await overview(user);
    expect(page.plan).toBe("free");
    expect(page.over_limit).toEqual([
      "You have 4 messages and your Free plan allows 3. All of them stay, and their armed switches keep running; to write a new one, delete 2, or upgrade to Plus.",
      "One armed switch checks more often than your Free plan allows. It keeps running as set; changing the timing or arming again needs an interval of 1 day or more, or upgrade to Plus.",
    ]);
    const [condition] = await t.database.db.select().from(messageConditions).where(eq(messageConditions.id, short.id));
    expect(condition).toMatchObject({ isArmed: true, active: true, hoursThreshold: 2 });

    const refused = await post(user, "/api/messages", { title: "new" });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as ApiErrorBody).error.message).toBe("Your Free plan allows 3 messages and you have 4. Delete a message, or upgrade to Plus on the Subscription page for up to 100.");
    const mail = await waitForMail(t, user.email, "Your plan is now Free");
    expect(mail.text).toMatch(/Nothing of yours was switched off: every armed switch keeps running/);
    expect(mail.text).toMatch(/You have 4 messages and your Free plan allows 3/);
  });
});

describe("managing the subscription", () => {
  it("cancels at the period's end and takes it back, through Stripe's API", async () => {
    const { user, subscriptionId } = await plusUser();
    const cancelled = (await (await post(user, "/api/billing/cancel", {})).json()) as Overview;
    expect(stripe.requests.some((r) => r.path === `/v1/subscriptions/${subscriptionId}` && r.form.cancel_at_period_end === "true")).toBe(true);
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
    expect(((await checkout.json()) as ApiErrorBody).error.message).toBe("Billing is off on this server: there is nothing to pay for.");
    const { payload, signature } = signed({ id: "evt_x", type: "customer.subscription.updated", created: 1, data: { object: {} } });
    expect((await webhook(off, payload, signature)).status).toBe(404);
  });

  it("refuses to start with half a Stripe configuration", () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: "sk_test_x" })).toThrow(/STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_PLUS_MONTHLY: billing needs/);
  });
});

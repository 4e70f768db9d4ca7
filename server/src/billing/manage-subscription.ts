import type { Invoice } from "@trigger-switch/contracts";
import { and, desc, eq, inArray } from "drizzle-orm";
import type Stripe from "stripe";
import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/connect.ts";
import { billingCustomers, subscriptions, users } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { PLUS_STATUSES } from "./limits-for.ts";
import { priceIdFor } from "./read-plan-prices.ts";

interface Deps {
  db: Db;
  clock: Clock;
  config: Config;
  stripe: Stripe | null;
  userId: string;
}

const off = () => new AppError("not_found", "Billing is off on this server: there is nothing to pay for.");

/** The account's Stripe customer, created once (idempotency key per account, so a double click makes one). */
async function customerOf({ db, clock, stripe, userId }: Deps & { stripe: Stripe }): Promise<string> {
  const [known] = await db.select().from(billingCustomers).where(eq(billingCustomers.userId, userId));
  if (known) return known.stripeCustomerId;
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  const customer = await stripe.customers.create(
    { email: user!.email, metadata: { user_id: userId } },
    { idempotencyKey: `trigger-switch-customer-${userId}` },
  );
  await db
    .insert(billingCustomers)
    .values({ userId, stripeCustomerId: customer.id, createdAt: clock.now() })
    .onConflictDoNothing();
  const [stored] = await db.select().from(billingCustomers).where(eq(billingCustomers.userId, userId));
  return stored!.stripeCustomerId;
}

async function currentPlus(db: Db, userId: string) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...PLUS_STATUSES])))
    .orderBy(desc(subscriptions.eventCreated))
    .limit(1);
  return row ?? null;
}

/** A Stripe Checkout page for Plus; the plan changes when its webhook arrives, not when the browser returns. */
export async function startCheckout(deps: Deps & { interval: "month" | "year" }): Promise<{ url: string }> {
  const { stripe, config, userId } = deps;
  if (!stripe) throw off();
  const price = priceIdFor(config, deps.interval);
  if (!price)
    throw new AppError("validation_failed", "Plus is not offered with yearly billing here; choose monthly.", {
      interval: "Choose monthly",
    });
  if (await currentPlus(deps.db, userId))
    throw new AppError("conflict", "You are already on Plus. Manage or cancel it with Manage billing.");
  const customer = await customerOf({ ...deps, stripe });
  const session = await stripe.checkout.sessions.create({
    mode: "subscription",
    customer,
    client_reference_id: userId,
    line_items: [{ price, quantity: 1 }],
    subscription_data: { metadata: { user_id: userId } },
    success_url: `${config.SITE_URL}/subscription?checkout=success`,
    cancel_url: `${config.SITE_URL}/subscription?checkout=cancelled`,
  });
  if (!session.url) throw new AppError("unavailable", "Stripe did not return a checkout page. Please try again.");
  return { url: session.url };
}

/** Stripe's customer portal: cards, invoices and cancellation. */
export async function openBillingPortal(deps: Deps): Promise<{ url: string }> {
  const { stripe, config, db, userId } = deps;
  if (!stripe) throw off();
  const [known] = await db.select().from(billingCustomers).where(eq(billingCustomers.userId, userId));
  if (!known) throw new AppError("conflict", "You have no billing account yet: upgrade to Plus first.");
  const session = await stripe.billingPortal.sessions.create({
    customer: known.stripeCustomerId,
    return_url: `${config.SITE_URL}/subscription`,
  });
  return { url: session.url };
}

/**
 * Cancel at the end of the paid period (or take that back). The row is updated from Stripe's
 * answer at once so the page is right; the webhook that follows confirms it.
 */
export async function setCancelAtPeriodEnd(deps: Deps & { cancel: boolean }): Promise<void> {
  const { stripe, db, clock, userId, cancel } = deps;
  if (!stripe) throw off();
  const current = await currentPlus(db, userId);
  if (!current) throw new AppError("conflict", "You have no Plus subscription to change.");
  const updated = await stripe.subscriptions.update(current.id, { cancel_at_period_end: cancel });
  await db
    .update(subscriptions)
    .set({
      cancelAtPeriodEnd: updated.cancel_at_period_end,
      cancelAt: updated.cancel_at ? new Date(updated.cancel_at * 1000) : null,
      updatedAt: clock.now(),
    })
    .where(eq(subscriptions.id, current.id));
}

/** The account's invoices, newest first, straight from Stripe. */
export async function listInvoices(deps: Deps): Promise<Invoice[]> {
  const { stripe, db, userId } = deps;
  if (!stripe) throw off();
  const [known] = await db.select().from(billingCustomers).where(eq(billingCustomers.userId, userId));
  if (!known) return [];
  const list = await stripe.invoices.list({ customer: known.stripeCustomerId, limit: 24 });
  return list.data.map((i) => ({
    id: i.id ?? "",
    number: i.number ?? null,
    created: new Date(i.created * 1000).toISOString(),
    status: i.status ?? null,
    amount: i.status === "paid" ? i.amount_paid : i.amount_due,
    currency: i.currency,
    url: i.hosted_invoice_url ?? null,
    pdf: i.invoice_pdf ?? null,
  }));
}

/**
 * Ends the account's paid subscription at once, for an account being deleted: nobody is charged
 * for an account that no longer exists. The row is marked canceled from Stripe's answer, so the
 * webhook that follows sends no "your plan changed" mail to an address on its way out.
 * Throws if Stripe cannot be reached: the caller then keeps the account (and tries again later).
 */
export async function cancelSubscriptionsNow(deps: {
  db: Db;
  clock: Clock;
  stripe: Stripe | null;
  userId: string;
}): Promise<number> {
  const { stripe, db, clock, userId } = deps;
  const live = await db
    .select()
    .from(subscriptions)
    .where(
      and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...PLUS_STATUSES, "incomplete", "unpaid"])),
    );
  if (live.length === 0) return 0;
  if (!stripe)
    throw new AppError(
      "unavailable",
      "This account has a paid subscription, but billing is not configured on this server, so it cannot be cancelled. Ask the server's operator.",
    );
  for (const sub of live) {
    const canceled = await stripe.subscriptions.cancel(sub.id);
    await db
      .update(subscriptions)
      .set({ status: canceled.status, updatedAt: clock.now() })
      .where(eq(subscriptions.id, sub.id));
  }
  return live.length;
}

import { and, eq, inArray } from "drizzle-orm";
import type { Channels } from "../channels/channel.ts";
import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { MasterKeys } from "../crypto/master-keys.ts";
import type { Db, Tx } from "../db/connect.ts";
import { isUuid } from "../db/owned-row.ts";
import { billingCustomers, stripeEvents, subscriptions, users } from "../db/schema.ts";
import { PLUS_STATUSES } from "./limits-for.ts";
import { notifyPlanChange, type PlanNotice } from "./notify-plan-change.ts";
import {
  fromEpoch,
  stripeCheckoutSessionSchema,
  stripeSubscriptionSchema,
  type StripeEventEnvelope,
  type StripeSubscription,
} from "./stripe-objects.ts";

export interface EventOutcome {
  duplicate: boolean;
  ignored?: string;
}

/** Terminal states: Stripe never brings such a subscription back, so nothing may overwrite them. */
const TERMINAL = new Set(["canceled", "incomplete_expired"]);
/** For two events of the same second: later in a subscription's life wins. */
const RANK: Record<string, number> = {
  incomplete: 0,
  trialing: 1,
  active: 2,
  past_due: 3,
  paused: 4,
  unpaid: 4,
  canceled: 5,
  incomplete_expired: 5,
};
/** A renewal that could not be charged (an `incomplete` first payment happens in front of the person, in Checkout). */
const PAYMENT_FAILED = new Set(["past_due", "unpaid"]);

/**
 * Applies one verified event in one transaction. Idempotent by event id (a replay changes
 * nothing), and correct in any order: a subscription keeps the state of the newest event seen
 * (the event's own `created`, then the status's place in the lifecycle), and a terminal status
 * is never overwritten (docs/decisions/018). What the change means for the owner is queued as a
 * notice in the same transaction, so it exists exactly when the change does, once.
 */
export async function applyStripeEvent({
  db,
  clock,
  config,
  masterKeys,
  channels,
  event,
}: {
  db: Db;
  clock: Clock;
  config: Config;
  masterKeys: MasterKeys;
  /** Which channels this server sends by: the downgrade notice names only those. */
  channels: Channels;
  event: StripeEventEnvelope;
}): Promise<EventOutcome> {
  return db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type, createdAt: fromEpoch(event.created)!, receivedAt: clock.now() })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (!fresh) return { duplicate: true };

    if (event.type === "checkout.session.completed") {
      const session = stripeCheckoutSessionSchema.parse(event.data.object);
      if (session.customer && session.client_reference_id && isUuid(session.client_reference_id)) {
        const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, session.client_reference_id));
        if (user)
          await tx
            .insert(billingCustomers)
            .values({ userId: user.id, stripeCustomerId: session.customer, createdAt: clock.now() })
            .onConflictDoNothing();
      }
      return { duplicate: false };
    }
    if (event.type.startsWith("customer.subscription.")) {
      const subscription = stripeSubscriptionSchema.parse(event.data.object);
      const notices = await applySubscription(tx, clock, subscription, fromEpoch(event.created)!);
      for (const notice of notices)
        await notifyPlanChange(tx, { masterKeys, config, channels, now: clock.now(), eventId: event.id, notice });
      return { duplicate: false };
    }
    return { duplicate: false, ignored: event.type };
  });
}

async function applySubscription(
  tx: Tx,
  clock: Clock,
  sub: StripeSubscription,
  eventCreated: Date,
): Promise<PlanNotice[]> {
  const userId = await ownerOf(tx, sub);
  if (!userId) return [];
  // Lock the account so two events of one customer settle one after the other.
  const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId)).for("update");
  if (!owner) return [];
  const [current] = await tx.select().from(subscriptions).where(eq(subscriptions.id, sub.id)).for("update");
  if (current && !isNewer(current, sub.status, eventCreated)) return [];

  const plusBefore = await hasPlus(tx, userId);
  const item = sub.items.data[0];
  const values = {
    userId,
    status: sub.status,
    priceId: item?.price.id ?? null,
    amount: item?.price.unit_amount ?? null,
    currency: item?.price.currency ?? null,
    interval: item?.price.recurring?.interval ?? null,
    intervalCount: item?.price.recurring?.interval_count ?? null,
    currentPeriodEnd: fromEpoch(item?.current_period_end),
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    cancelAt: fromEpoch(sub.cancel_at),
    canceledAt: fromEpoch(sub.canceled_at),
    eventCreated,
    updatedAt: clock.now(),
  };
  await tx
    .insert(subscriptions)
    .values({ id: sub.id, ...values, createdAt: clock.now() })
    .onConflictDoUpdate({ target: subscriptions.id, set: values });
  const plusAfter = await hasPlus(tx, userId);

  const notices: PlanNotice[] = [];
  const told = { userId, email: owner.email };
  if (plusBefore && !plusAfter) notices.push({ ...told, kind: "downgraded" });
  if (!plusBefore && plusAfter) notices.push({ ...told, kind: "upgraded" });
  if (PAYMENT_FAILED.has(sub.status) && !PAYMENT_FAILED.has(current?.status ?? ""))
    notices.push({ ...told, kind: "payment_failed" });
  return notices;
}

function isNewer(current: { status: string; eventCreated: Date }, status: string, created: Date): boolean {
  if (TERMINAL.has(current.status)) return false;
  const diff = created.getTime() - current.eventCreated.getTime();
  if (diff !== 0) return diff > 0;
  return (RANK[status] ?? 0) > (RANK[current.status] ?? 0);
}

/** Our customer record first (we create the customer before Checkout), then the metadata we set on the subscription. */
async function ownerOf(tx: Tx, sub: StripeSubscription): Promise<string | null> {
  const [customer] = await tx
    .select({ userId: billingCustomers.userId })
    .from(billingCustomers)
    .where(eq(billingCustomers.stripeCustomerId, sub.customer));
  if (customer) return customer.userId;
  const claimed = sub.metadata?.user_id;
  if (!claimed || !isUuid(claimed)) return null;
  const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, claimed));
  return user?.id ?? null;
}

async function hasPlus(tx: Tx, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...PLUS_STATUSES])))
    .limit(1);
  return row !== undefined;
}

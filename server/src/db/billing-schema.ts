import { bigint, boolean, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { ts, created, updated } from "./columns.ts";
import { users } from "./accounts-schema.ts";

/** The Stripe customer of an account, created by us before its first Checkout (docs/decisions/018). */
export const billingCustomers = pgTable("billing_customers", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  stripeCustomerId: text("stripe_customer_id").notNull().unique(),
  createdAt: created(),
});

/**
 * A Stripe subscription as its webhooks last described it. `event_created` is the `created` of
 * the newest event applied: an older event arriving later never overwrites a newer state.
 */
export const subscriptions = pgTable(
  "subscriptions",
  {
    /** Stripe's subscription id (sub_…). */
    id: text("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status").notNull(),
    priceId: text("price_id"),
    /** Minor units (cents) per interval, as Stripe sends it. */
    amount: bigint("amount", { mode: "number" }),
    currency: text("currency"),
    interval: text("interval"),
    intervalCount: integer("interval_count"),
    currentPeriodEnd: ts("current_period_end"),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    cancelAt: ts("cancel_at"),
    canceledAt: ts("canceled_at"),
    eventCreated: ts("event_created").notNull(),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [index("subscriptions_user_idx").on(t.userId)],
);

/** Every Stripe event handled, by id: a replayed event is answered without being applied twice. */
export const stripeEvents = pgTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  /** The event's own `created`. */
  createdAt: ts("created_at").notNull(),
  receivedAt: ts("received_at").notNull(),
});

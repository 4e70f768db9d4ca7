import { z } from "zod";

/** Plans and billing as the web app reads them (docs/decisions/018). */
export const planIdSchema = z.enum(["free", "plus"]);
export type PlanId = z.infer<typeof planIdSchema>;

export const planChannelSchema = z.enum(["email", "whatsapp", "sms"]);

export const planSchema = z.object({
  id: planIdSchema,
  name: z.string(),
  max_messages: z.number(),
  max_recipients: z.number(),
  max_attachments_per_message: z.number(),
  max_attachment_bytes: z.number(),
  /** Shortest no-check-in interval, minutes. */
  min_check_in_minutes: z.number(),
  channels: z.array(planChannelSchema),
  /** Prices offered by Checkout; empty when billing is off. */
  prices: z.array(
    z.object({ interval: z.enum(["month", "year"]), amount: z.number().nullable(), currency: z.string().nullable() }),
  ),
});
export type Plan = z.infer<typeof planSchema>;

export const usageSchema = z.object({
  messages: z.number(),
  recipients: z.number(),
  /** The most attachments any one message has. */
  max_attachments_on_a_message: z.number(),
  /** Armed no-check-in switches whose interval is shorter than the plan allows (kept running). */
  short_interval_switches: z.number(),
});

export const subscriptionStateSchema = z.object({
  status: z.string(),
  interval: z.string().nullable(),
  amount: z.number().nullable(),
  currency: z.string().nullable(),
  current_period_end: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
  /** Set when the subscription ends on its own at that instant (cancelled, or ending at period end). */
  ends_at: z.string().nullable(),
  /** Stripe could not take the last payment (past_due, unpaid, incomplete). */
  payment_problem: z.boolean(),
  /**
   * When a subscription that no longer gives Plus (canceled, unpaid, incomplete_expired, paused)
   * ended: the time of the Stripe event that ended it. Null while it runs.
   */
  ended_at: z.string().nullable(),
});
export type SubscriptionState = z.infer<typeof subscriptionStateSchema>;

export const billingOverviewSchema = z.object({
  billing_enabled: z.boolean(),
  plan: planIdSchema,
  plans: z.array(planSchema),
  usage: usageSchema,
  subscription: subscriptionStateSchema.nullable(),
  /** Plain sentences about limits the account is over (items stay as they are; new ones are refused). */
  over_limit: z.array(z.string()),
  /** Channels this server sends by: e-mail, and WhatsApp or SMS when the operator configured them. */
  server_channels: z.array(planChannelSchema),
  /**
   * Plain sentences about channels the account uses that its plan does not include (after Plus
   * ended): the owner's reminders go by e-mail only, recipients keep theirs.
   */
  channel_changes: z.array(z.string()),
});
export type BillingOverview = z.infer<typeof billingOverviewSchema>;

export const checkoutRequestSchema = z.object({ interval: z.enum(["month", "year"]).default("month") }).strict();
export const redirectUrlSchema = z.object({ url: z.string() });

export const invoiceSchema = z.object({
  id: z.string(),
  number: z.string().nullable(),
  created: z.string(),
  status: z.string().nullable(),
  amount: z.number(),
  currency: z.string(),
  url: z.string().nullable(),
  pdf: z.string().nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

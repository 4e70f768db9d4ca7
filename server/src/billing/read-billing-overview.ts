import type { BillingOverview, Plan } from "@trigger-switch/contracts";
import { desc, eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/connect.ts";
import { subscriptions } from "../db/schema.ts";
import { billingEnabled } from "./billing-enabled.ts";
import { limitsFor } from "./limits-for.ts";
import { PLAN_IDS, planLimits, type PlanId } from "./plans.ts";
import { readPlanPrices, type PlanPrice } from "./read-plan-prices.ts";
import { overLimitSentences, readUsage } from "./read-usage.ts";

/** Everything /subscription shows: the plan, both plans' limits and prices, usage, the subscription and what is over a limit. */
export async function readBillingOverview({
  db,
  clock,
  config,
  stripe,
  userId,
}: {
  db: Db;
  clock: Clock;
  config: Config;
  stripe: Stripe | null;
  userId: string;
}): Promise<BillingOverview> {
  const enabled = billingEnabled(config);
  const limits = await limitsFor({ db, config, userId });
  const usage = await readUsage({ db, userId, limits });
  const prices = stripe ? await readPlanPrices({ stripe, config, now: clock.now().getTime() }) : [];
  const [latest] = enabled
    ? await db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.userId, userId))
        .orderBy(desc(subscriptions.eventCreated))
        .limit(1)
    : [];
  return {
    billing_enabled: enabled,
    plan: limits.plan,
    plans: PLAN_IDS.map((id) => toPlan(id, config, id === "plus" ? prices : [])),
    usage: {
      messages: usage.messages,
      recipients: usage.recipients,
      max_attachments_on_a_message: usage.maxAttachmentsOnAMessage,
      short_interval_switches: usage.shortIntervalSwitches,
    },
    subscription: latest
      ? {
          status: latest.status,
          interval: latest.interval,
          amount: latest.amount,
          currency: latest.currency,
          current_period_end: latest.currentPeriodEnd?.toISOString() ?? null,
          cancel_at_period_end: latest.cancelAtPeriodEnd,
          ends_at:
            (latest.cancelAt ?? (latest.cancelAtPeriodEnd ? latest.currentPeriodEnd : null))?.toISOString() ?? null,
          payment_problem: ["past_due", "unpaid", "incomplete"].includes(latest.status),
        }
      : null,
    over_limit: overLimitSentences(limits, usage, enabled && limits.plan === "free"),
  };
}

function toPlan(id: PlanId, config: Config, prices: PlanPrice[]): Plan {
  const l = planLimits(id, config);
  return {
    id,
    name: l.name,
    max_messages: l.maxMessages,
    max_recipients: l.maxRecipients,
    max_attachments_per_message: l.maxAttachmentsPerMessage,
    max_attachment_bytes: l.maxAttachmentBytes,
    min_check_in_minutes: l.minCheckInMinutes,
    channels: [...l.channels],
    prices: prices.map((p) => ({ interval: p.interval, amount: p.amount, currency: p.currency })),
  };
}

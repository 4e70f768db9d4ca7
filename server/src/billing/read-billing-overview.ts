import type { BillingOverview, Plan } from "@trigger-switch/contracts";
import { desc, eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { Channels } from "../channels/channel.ts";
import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/connect.ts";
import { subscriptions } from "../db/schema.ts";
import { billingEnabled } from "./billing-enabled.ts";
import { limitsFor } from "./limits-for.ts";
import { PLAN_IDS, planLimits, type Channel, type PlanId } from "./plans.ts";
import { channelChangeSentences } from "./read-channel-changes.ts";
import { readPlanPrices, type PlanPrice } from "./read-plan-prices.ts";
import { overLimitSentences, readUsage } from "./read-usage.ts";

/**
 * Statuses after which a subscription gives no Plus and will not again by itself (incomplete has
 * not started yet, past_due still gives Plus). `unpaid` turns active again only if the open invoice
 * is paid, which the page says.
 */
const ENDED: readonly string[] = ["canceled", "unpaid", "incomplete_expired", "paused"];

/** Everything /subscription shows: the plan, both plans' limits and prices, usage, the subscription and what is over a limit. */
export async function readBillingOverview({
  db,
  clock,
  config,
  stripe,
  channels,
  userId,
}: {
  db: Db;
  clock: Clock;
  config: Config;
  stripe: Stripe | null;
  channels: Channels;
  userId: string;
}): Promise<BillingOverview> {
  const enabled = billingEnabled(config);
  const limits = await limitsFor({ db, config, userId });
  const usage = await readUsage({ db, userId, limits });
  const canUpgrade = enabled && limits.plan === "free";
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
          ended_at: ENDED.includes(latest.status) ? latest.eventCreated.toISOString() : null,
        }
      : null,
    over_limit: overLimitSentences(limits, usage, canUpgrade),
    server_channels: (["email", "whatsapp", "sms"] as const).filter(
      (c: Channel) => c === "email" || channels.get(c).available,
    ),
    channel_changes: await channelChangeSentences({ db, userId, limits, channels, canUpgrade }),
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

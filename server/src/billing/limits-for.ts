import { and, eq, inArray } from "drizzle-orm";
import type { Config } from "../config.ts";
import type { Db } from "../db/connect.ts";
import { subscriptions } from "../db/schema.ts";
import { billingEnabled } from "./billing-enabled.ts";
import { planLimits, type PlanId, type PlanLimits } from "./plans.ts";

export type { PlanLimits } from "./plans.ts";

/**
 * Subscription states that keep Plus. `past_due` is included on purpose: while Stripe retries a
 * failed payment the person keeps what they have, and is told (docs/decisions/018).
 */
export const PLUS_STATUSES = ["active", "trialing", "past_due"] as const;

/**
 * The one answer to "what may this account do": with billing off, DEFAULT_PLAN for everyone;
 * with billing on, Plus while a subscription is in good standing, otherwise Free.
 */
export async function limitsFor({
  db,
  config,
  userId,
}: {
  db: Db;
  config: Config;
  userId: string;
}): Promise<PlanLimits> {
  return planLimits(await planOf({ db, config, userId }), config);
}

export async function planOf({ db, config, userId }: { db: Db; config: Config; userId: string }): Promise<PlanId> {
  if (!billingEnabled(config)) return config.DEFAULT_PLAN;
  const [row] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...PLUS_STATUSES])))
    .limit(1);
  return row ? "plus" : "free";
}

import type Stripe from "stripe";
import type { Config } from "../config.ts";

export interface PlanPrice {
  interval: "month" | "year";
  priceId: string;
  amount: number | null;
  currency: string | null;
}

const TTL_MS = 10 * 60_000;
let cache: { key: string; at: number; prices: PlanPrice[] } | null = null;

/**
 * Plus's prices as configured in Stripe (amount and currency come from Stripe, so the page never
 * shows a price the operator did not set). Cached 10 minutes; an unreachable Stripe gives the
 * price ids without amounts rather than failing the page.
 */
export async function readPlanPrices({
  stripe,
  config,
  now,
}: {
  stripe: Stripe;
  config: Config;
  now: number;
}): Promise<PlanPrice[]> {
  const wanted = [
    { interval: "month" as const, priceId: config.STRIPE_PRICE_PLUS_MONTHLY! },
    ...(config.STRIPE_PRICE_PLUS_YEARLY
      ? [{ interval: "year" as const, priceId: config.STRIPE_PRICE_PLUS_YEARLY }]
      : []),
  ];
  const key = wanted.map((w) => w.priceId).join(",");
  if (cache && cache.key === key && now - cache.at < TTL_MS) return cache.prices;
  try {
    const prices = await Promise.all(
      wanted.map(async (w) => {
        const price = await stripe.prices.retrieve(w.priceId);
        return { ...w, amount: price.unit_amount ?? null, currency: price.currency ?? null };
      }),
    );
    cache = { key, at: now, prices };
    return prices;
  } catch {
    return wanted.map((w) => ({ ...w, amount: null, currency: null }));
  }
}

export function priceIdFor(config: Config, interval: "month" | "year"): string | null {
  return interval === "year" ? (config.STRIPE_PRICE_PLUS_YEARLY ?? null) : (config.STRIPE_PRICE_PLUS_MONTHLY ?? null);
}

import type { Config } from "../config.ts";

/** Billing runs only when Stripe is fully configured (config.ts refuses half a configuration). */
export const billingEnabled = (config: Config): boolean =>
  Boolean(config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET && config.STRIPE_PRICE_PLUS_MONTHLY);

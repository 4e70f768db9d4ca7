import type Stripe from "stripe";
import type { Config } from "../config.ts";
import { billingEnabled } from "./billing-enabled.ts";

/**
 * The official client, pointed at STRIPE_API_URL (Stripe itself, or a local server that speaks its
 * API in tests), built once per process (compose-app.ts, into AppDeps). Null while billing is off:
 * the package is then never loaded, which spares a server without billing one of the costlier
 * imports of its start. The client also carries the package's `errors` and `webhooks`.
 */
export async function createStripeClient(config: Config): Promise<Stripe | null> {
  if (!billingEnabled(config)) return null;
  const { default: Stripe } = await import("stripe");
  const url = new URL(config.STRIPE_API_URL);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return new Stripe(config.STRIPE_SECRET_KEY!, {
    host: url.hostname,
    port: url.port || (protocol === "http" ? 80 : 443),
    protocol,
    maxNetworkRetries: 2,
    timeout: 15_000,
    telemetry: false,
  });
}

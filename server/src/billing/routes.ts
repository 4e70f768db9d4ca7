import {
  billingOverviewSchema,
  checkoutRequestSchema,
  invoiceSchema,
  redirectUrlSchema,
} from "@trigger-switch/contracts";
import type Stripe from "stripe";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../app-deps.ts";
import { currentUser } from "../http/authenticate.ts";
import { security } from "../http/route-schemas.ts";
import { AppError } from "../errors.ts";
import { listInvoices, openBillingPortal, setCancelAtPeriodEnd, startCheckout } from "./manage-subscription.ts";
import { readBillingOverview } from "./read-billing-overview.ts";

const tags = ["billing"];

/** Stripe's own failures (network, a refused request) become a 503 a person can act on, never a 500. */
async function viaStripe<T>(stripe: Stripe | null, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (stripe && err instanceof stripe.errors.StripeError)
      throw new AppError(
        "unavailable",
        "The payment provider did not answer as expected. Please try again in a moment; nothing was charged.",
      );
    throw err;
  }
}

/** /api/billing: the signed-in user's plan, usage and subscription (docs/decisions/018). */
export const billingRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;
  const { clock, config, stripe } = deps;
  const base = (userId: string) => ({ db, clock, config, stripe, userId });

  app.get(
    "/billing",
    {
      schema: {
        tags,
        security,
        summary: "My plan, usage against its limits, the other plan, and my subscription",
        response: { 200: billingOverviewSchema },
      },
    },
    (req) => readBillingOverview({ ...base(currentUser(req).id), channels: deps.channels }),
  );
  app.post(
    "/billing/checkout",
    {
      schema: {
        tags,
        security,
        summary: "Start Stripe Checkout for Plus",
        body: checkoutRequestSchema.optional(),
        response: { 200: redirectUrlSchema },
      },
    },
    (req) =>
      viaStripe(stripe, () => startCheckout({ ...base(currentUser(req).id), interval: req.body?.interval ?? "month" })),
  );
  app.post(
    "/billing/portal",
    {
      schema: {
        tags,
        security,
        summary: "Open Stripe's customer portal (cards, invoices, cancellation)",
        response: { 200: redirectUrlSchema },
      },
    },
    (req) => viaStripe(stripe, () => openBillingPortal(base(currentUser(req).id))),
  );
  for (const [action, cancel] of [
    ["cancel", true],
    ["resume", false],
  ] as const) {
    app.post(
      `/billing/${action}`,
      {
        schema: {
          tags,
          security,
          summary: cancel
            ? "Cancel Plus at the end of the paid period"
            : "Keep Plus (undo a cancellation before it takes effect)",
          response: { 200: billingOverviewSchema },
        },
      },
      async (req) => {
        await viaStripe(stripe, () => setCancelAtPeriodEnd({ ...base(currentUser(req).id), cancel }));
        return readBillingOverview({ ...base(currentUser(req).id), channels: deps.channels });
      },
    );
  }
  app.get(
    "/billing/invoices",
    { schema: { tags, security, summary: "My invoices, newest first", response: { 200: z.array(invoiceSchema) } } },
    (req) => viaStripe(stripe, () => listInvoices(base(currentUser(req).id))),
  );
};

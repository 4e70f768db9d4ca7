import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../errors.ts";
import type { AppDeps } from "../app-deps.ts";
import { apiErrorHandler } from "../http/errors.ts";
import { applyStripeEvent } from "./apply-stripe-event.ts";
import { stripeEventSchema } from "./stripe-objects.ts";

/**
 * POST /webhooks/stripe. The signature is checked on the exact bytes with the official package
 * (so the body is kept raw here); then the event is applied once (by id) in one transaction,
 * which also queues the owner's mail (notify-plan-change.ts): no mail server is waited for here.
 * A 2xx tells Stripe to stop; a 5xx (our database) makes it send again, which is safe.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;
  const { config, clock, masterKeys, stripe } = deps;
  app.setErrorHandler(apiErrorHandler);
  // Only inside this plugin: every content type arrives as the raw bytes Stripe signed.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_req, body, done) => done(null, body));

  app.post(
    "/stripe",
    {
      schema: {
        tags: ["billing"],
        summary: "Stripe webhook events (signed with STRIPE_WEBHOOK_SECRET)",
        headers: z.object({
          "stripe-signature": z.string({ message: "The Stripe-Signature header is missing" }).min(1).max(2000),
        }),
        response: { 200: z.object({ received: z.literal(true), duplicate: z.boolean() }) },
      },
    },
    async (req) => {
      if (!stripe) throw new AppError("not_found", "Billing is off on this server: no Stripe webhook is expected.");
      const raw = req.body;
      if (!Buffer.isBuffer(raw) || raw.length === 0) throw new AppError("bad_request", "The webhook body is empty.");
      let event: unknown;
      try {
        event = stripe.webhooks.constructEvent(raw, req.headers["stripe-signature"], config.STRIPE_WEBHOOK_SECRET!);
      } catch (err) {
        if (err instanceof stripe.errors.StripeSignatureVerificationError)
          throw new AppError(
            "bad_request",
            "The webhook signature does not match STRIPE_WEBHOOK_SECRET (or is too old).",
          );
        throw new AppError("bad_request", "The webhook body is not a Stripe event.");
      }
      const parsed = stripeEventSchema.safeParse(event);
      if (!parsed.success) throw new AppError("bad_request", "The webhook body is not a Stripe event.");
      try {
        const outcome = await applyStripeEvent({
          db,
          clock,
          config,
          masterKeys,
          channels: deps.channels,
          event: parsed.data,
        });
        return { received: true as const, duplicate: outcome.duplicate };
      } catch (err) {
        if (err instanceof z.ZodError)
          throw new AppError("bad_request", `The ${parsed.data.type} event's object is not what Stripe sends.`);
        throw err;
      }
    },
  );
};

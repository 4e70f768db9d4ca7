import { z } from "zod";

/** The parts of Stripe's objects we read, checked at the edge (STYLE rule 7); everything else passes through. */
const id = z.string().min(1).max(255);
const customerRef = z.union([id, z.object({ id }).loose()]).transform((c) => (typeof c === "string" ? c : c.id));
const epoch = z.number().int().nullable().optional();

export const stripeSubscriptionSchema = z
  .object({
    id,
    object: z.literal("subscription"),
    customer: customerRef,
    status: z.string().min(1).max(50),
    cancel_at_period_end: z.boolean().default(false),
    cancel_at: epoch,
    canceled_at: epoch,
    metadata: z.record(z.string(), z.string()).nullable().optional(),
    items: z
      .object({
        data: z.array(
          z
            .object({
              current_period_end: epoch,
              price: z
                .object({
                  id,
                  unit_amount: z.number().nullable().optional(),
                  currency: z.string().nullable().optional(),
                  recurring: z
                    .object({ interval: z.string(), interval_count: z.number().int() })
                    .loose()
                    .nullable()
                    .optional(),
                })
                .loose(),
            })
            .loose(),
        ),
      })
      .loose(),
  })
  .loose();
export type StripeSubscription = z.infer<typeof stripeSubscriptionSchema>;

export const stripeCheckoutSessionSchema = z
  .object({
    id,
    object: z.literal("checkout.session"),
    customer: customerRef.nullable().optional(),
    client_reference_id: z.string().nullable().optional(),
    subscription: customerRef.nullable().optional(),
  })
  .loose();

export const stripeEventSchema = z
  .object({
    id,
    type: z.string().min(1).max(100),
    created: z.number().int(),
    data: z.object({ object: z.record(z.string(), z.unknown()) }).loose(),
  })
  .loose();
export type StripeEventEnvelope = z.infer<typeof stripeEventSchema>;

/** Seconds since the epoch (Stripe) → Date. */
export const fromEpoch = (s: number | null | undefined): Date | null =>
  s === null || s === undefined ? null : new Date(s * 1000);

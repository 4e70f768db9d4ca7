import type { reminderDeliveryLog } from "../db/schema.ts";
import type { Attempt, DeliveryRow, WorkContext } from "./work-types.ts";

/** The reminder_delivery_log row of one attempt the engine logs itself (plain e-mail). */
export function deliveryLogRow({ ctx, delivery, outcome, at }: Attempt): typeof reminderDeliveryLog.$inferInsert {
  const error = outcome.status === "sent" ? null : outcome.error;
  return {
    reminderId: ctx.row.id,
    deliveryId: delivery.id,
    messageId: ctx.row.messageId,
    conditionId: ctx.row.conditionId,
    // Whom the attempt was for (null for the owner's own mails): the owner's receipts name them by it.
    recipientId: delivery.recipientId,
    recipient: delivery.address,
    deliveryChannel: delivery.channel,
    deliveryStatus: outcome.status,
    responseData: {
      ...logResponseData(ctx, delivery, at),
      permanent: outcome.status === "failed" && outcome.permanent,
      ...(outcome.status === "sent" ? { kept_locally: outcome.keptLocally === true } : {}),
    },
    error,
    attempt: delivery.attempts + 1,
    createdAt: at,
  };
}

/** The spec's response_data of a delivery's log rows (the channel layer adds fallback_method and permanent to its own). */
export function logResponseData(ctx: WorkContext, delivery: DeliveryRow, at: Date): Record<string, unknown> {
  return {
    emergency: false,
    triggered_by: ctx.row.reminderType === "final_delivery" ? "deadline" : "reminder",
    triggered_at: (ctx.row.releasedAt ?? at).toISOString(),
    manual_trigger: false,
    keep_armed: ctx.keepArmed,
    fallback_method: null,
    // An emergency's own fields (emergency, triggered_by, keep_armed as applied at the press…).
    ...ctx.emergency?.responseData,
    kind: delivery.kind,
    idempotency_key: delivery.idempotencyKey,
  };
}

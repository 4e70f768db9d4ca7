import { z } from "zod";
import { planIdSchema } from "./billing.ts";

/** The operator's views (docs/decisions/019). Never a message's content, title or attachments. */
export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  created_at: z.string(),
  email_confirmed: z.boolean(),
  plan: planIdSchema,
  last_check_in: z.string().nullable(),
  messages: z.number(),
  armed_switches: z.number(),
  /** Switches held (disarmed) because the account is disabled; re-armed when it is enabled. */
  held_switches: z.number(),
  disabled: z.boolean(),
  /** The address is listed in ADMIN_EMAILS (the role also needs the mailbox proven). */
  admin_address: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserListSchema = z.object({ users: z.array(adminUserSchema), total: z.number() });

// PostgreSQL text and jsonb cannot hold NUL: refuse it at the edge instead of failing in the database.
const noNul = (s: string) => !s.includes("\u0000");

export const adminUserQuerySchema = z.object({
  q: z
    .string()
    .max(200, "Search at most 200 characters")
    .refine(noNul, "The search cannot contain a NUL character")
    .optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

/** The longest reason an admin may give for an action (it is kept in the audit log). */
export const ADMIN_REASON_MAX_LENGTH = 500;

/** Why an admin acts: optional, one line or a few, written to the audit log with the action. */
export const adminReasonTextSchema = z
  .string()
  .trim()
  .max(ADMIN_REASON_MAX_LENGTH, `The reason can be at most ${ADMIN_REASON_MAX_LENGTH} characters`)
  .refine(noNul, "The reason cannot contain a NUL character");

/**
 * The body of retry, discard, disable and enable: `{ reason? }`. The body itself is optional too
 * (none, or an empty one, is read as null), so `.nullish()`.
 */
export const adminReasonSchema = z.object({ reason: adminReasonTextSchema.optional() }).strict().nullish();

export const disableResultSchema = z.object({
  user: adminUserSchema,
  held: z.number(),
  rearmed: z.number(),
  not_rearmed: z.array(z.string()),
});

export const engineOverviewSchema = z.object({
  checked_at: z.string(),
  /** Due now and not being sent: reminders, releases, and owner/admin notices (decision 012). */
  backlog: z.object({ reminder: z.number(), final_delivery: z.number(), notice: z.number() }),
  /** Schedule rows and notices a worker holds right now. */
  claimed: z.number(),
  /** Schedule rows the engine gave up on. */
  parked: z.number(),
  /** Owner/admin notices retrying after a failed attempt. */
  notices_retrying: z.number(),
  /** Owner/admin notices the engine gave up on (listed with the stuck deliveries, until retried or discarded). */
  notices_given_up: z.number(),
  oldest_due_lateness_seconds: z.number().nullable(),
  lateness_last_hour: z.object({
    count: z.number(),
    p50_seconds: z.number().nullable(),
    p99_seconds: z.number().nullable(),
  }),
  /** Delivery attempts per channel per minute, the last 15 minutes, oldest first. */
  sends_per_minute: z.array(
    z.object({ minute: z.string(), channel: z.string(), sent: z.number(), failed: z.number() }),
  ),
  failures_last_hour: z.number(),
  workers: z.array(
    z.object({
      id: z.string(),
      last_beat_at: z.string().nullable(),
      age_seconds: z.number().nullable(),
      claimed: z.number(),
    }),
  ),
});
export type EngineOverview = z.infer<typeof engineOverviewSchema>;

/**
 * A stuck delivery: a schedule row (a reminder or a release) or an owner's or admin's notice
 * (`reminder_type: "notice"`, a `deliveries` row queued on its own, decision 012). "parked": the
 * engine gave up (for a notice: failed for good); "pending": retrying after a failure.
 * A notice shows what it is about (`notice.topic`, e.g. "account", "parked", "outage") and whom it
 * goes to — never its subject or text.
 */
export const stuckDeliverySchema = z.object({
  id: z.string(),
  status: z.enum(["parked", "pending"]),
  reminder_type: z.enum(["reminder", "final_delivery", "notice"]),
  /** The owner's address; for a notice, the address it goes to (the owner's, or an admin's). */
  owner_email: z.string(),
  /** Only for notices: to whom (the account's owner or an admin) and what it is about. */
  notice: z.object({ to: z.enum(["owner", "admin"]), topic: z.string() }).nullable(),
  message_id: z.string().nullable(),
  condition_id: z.string().nullable(),
  deadline: z.string().nullable(),
  /** When it was due (a notice: when it was queued). */
  scheduled_at: z.string(),
  attempts: z.number(),
  next_attempt_at: z.string().nullable(),
  last_error: z.string().nullable(),
  deliveries: z.array(
    z.object({
      kind: z.string(),
      channel: z.string(),
      address: z.string(),
      status: z.string(),
      attempts: z.number(),
      last_error: z.string().nullable(),
    }),
  ),
});
export type StuckDelivery = z.infer<typeof stuckDeliverySchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  created_at: z.string(),
  admin_email: z.string(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  details: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** GET /api/admin/audit: one page of the audit log and how many entries there are in all. */
export const auditPageSchema = z.object({ entries: z.array(auditEntrySchema), total: z.number() });
export type AuditPage = z.infer<typeof auditPageSchema>;

/** The answer of an admin action with nothing else to say (retry, discard). */
export const adminDoneSchema = z.object({ ok: z.literal(true) });

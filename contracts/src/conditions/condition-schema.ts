import { z } from "zod";
import { REMINDERS_MAX, THRESHOLD_MAX_MINUTES } from "../limits.ts";
import { conditionProblems } from "./condition-rules.ts";
import { CONDITION_TYPES } from "./condition-timing.ts";
import { panicConfigSchema } from "./panic-config.ts";
import { recurringPatternOutputSchema, recurringPatternSchema } from "./recurring-pattern.ts";

const uuid = z.uuid({ message: "Each recipient must be one of your recipients (a recipient id)" });

/** The editable fields of a condition, without defaults (PATCH sends any subset of them). */
const conditionFields = {
  hours_threshold: z
    .int({ message: "Hours must be a whole number" })
    .min(0, "The time cannot be negative: choose 0 or more")
    .max(THRESHOLD_MAX_MINUTES / 60, "Choose at most 365 days (8760 hours)"),
  minutes_threshold: z
    .int({ message: "Minutes must be a whole number" })
    .min(0, "Minutes cannot be negative: choose 0 or more")
    .max(59, "Minutes must be 0–59: put more in hours"),
  /** Offsets in MINUTES before the deadline (the spec's name, kept for the wire). */
  reminder_hours: z
    .array(
      z
        .int({ message: "Each reminder is a whole number of minutes before the deadline" })
        .min(1, "Each reminder must be at least 1 minute before the deadline"),
      {
        message: "Reminders must be a list of minutes before the deadline",
      },
    )
    .max(REMINDERS_MAX, `At most ${REMINDERS_MAX} reminders`),
  /** A subset of the message's recipients for this condition; empty = all of them. */
  recipients: z.array(uuid, { message: "Recipients must be a list of recipient ids" }).max(100),
  recurring_pattern: recurringPatternSchema.nullable(),
  panic_config: panicConfigSchema,
  /** inactivity_to_date: the instant it goes out (ISO 8601 with an offset). */
  deliver_at: z.iso
    .datetime({ offset: true, message: "The delivery date must be a date and time such as 2026-04-01T09:00:00+01:00" })
    .nullable(),
};

const withRules = <T extends z.ZodType<Parameters<typeof conditionProblems>[0]>>(schema: T) =>
  schema.superRefine((value, ctx) => {
    for (const [path, message] of Object.entries(conditionProblems(value)))
      ctx.addIssue({ code: "custom", path: path.split("."), message });
  });

/** POST /api/messages/:id/conditions. */
export const conditionCreateSchema = withRules(
  z
    .object({
      condition_type: z.enum(CONDITION_TYPES, {
        message: `The condition type must be one of ${CONDITION_TYPES.join(", ")}`,
      }),
      hours_threshold: conditionFields.hours_threshold.default(0),
      minutes_threshold: conditionFields.minutes_threshold.default(0),
      reminder_hours: conditionFields.reminder_hours.default([]),
      recipients: conditionFields.recipients.default([]),
      recurring_pattern: conditionFields.recurring_pattern.default(null),
      panic_config: conditionFields.panic_config.default({}),
      deliver_at: conditionFields.deliver_at.default(null),
    })
    .strict(),
);
export type ConditionCreate = z.input<typeof conditionCreateSchema>;

/**
 * PATCH /api/conditions/:id: any subset of the fields; the type cannot change (create another
 * condition instead). The server checks the merged result with `conditionProblems`.
 */
export const conditionUpdateSchema = z.object(conditionFields).partial().strict();
export type ConditionUpdate = z.input<typeof conditionUpdateSchema>;

const panicConfigOutput = z.object({
  keep_armed: z.boolean().optional(),
  unlock_delay_hours: z.number().optional(),
  expiry_hours: z.number().optional(),
});

export const conditionSchema = z.object({
  id: z.string(),
  message_id: z.string(),
  condition_type: z.enum(CONDITION_TYPES),
  active: z.boolean(),
  is_armed: z.boolean(),
  hours_threshold: z.number(),
  minutes_threshold: z.number(),
  reminder_hours: z.array(z.number()),
  recipients: z.array(z.string()),
  recurring_pattern: recurringPatternOutputSchema.nullable(),
  panic_config: panicConfigOutput,
  deliver_at: z.string().nullable(),
  last_checked: z.string(),
  armed_at: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  unlock_delay_hours: z.number(),
  expiry_hours: z.number(),
  /** Computed: when it fires without a check-in (ISO), or null. */
  next_deadline: z.string().nullable(),
  /**
   * Why next_deadline is later than the rules give, if it is: our outage (the downtime guard) or the
   * trusted contacts' stage (a window or a hold, docs/decisions/041). Absent from older servers.
   */
  deadline_moved_by: z.enum(["outage", "trusted_contacts"]).nullable().optional(),
  /** Computed: one plain sentence for the owner. */
  summary: z.string(),
  /** panic_trigger only (spec §3's client-side mapping): both the inverse of active. */
  triggered: z.boolean().optional(),
  delivered: z.boolean().optional(),
  panic_trigger_config: panicConfigOutput.optional(),
});
export type Condition = z.infer<typeof conditionSchema>;

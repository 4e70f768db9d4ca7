import { z } from "zod";
import { GRACE_MAX_MINUTES } from "../limits.ts";
import { isValidTimeZone } from "./zoned-time.ts";

const timeZone = z
  .string({ message: "The time zone must be text" })
  .refine(isValidTimeZone, "Unknown time zone: use an IANA name such as Europe/London");
const at = z
  .string({ message: "“Check in by” must be a time such as 09:00" })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "“Check in by” must be a 24-hour time such as 09:00");
const grace = z
  .int({ message: "The grace period must be a whole number of minutes" })
  .min(0, "The grace period cannot be negative: choose 0 or more minutes")
  .max(GRACE_MAX_MINUTES, `The grace period must be at most ${GRACE_MAX_MINUTES} minutes (12 hours)`)
  .default(60);

/**
 * recurring_pattern of a recurring_check_in: a schedule in the owner's IANA time zone. Each
 * occurrence (local time `at`) must be met by a check-in before `at` + grace_minutes.
 */
export const recurringPatternSchema = z.discriminatedUnion(
  "kind",
  [
    z
      .object({
        kind: z.literal("every_n_days"),
        time_zone: timeZone,
        every_days: z
          .int({ message: "“Every how many days” must be a whole number" })
          .min(1, "“Every how many days” must be at least 1")
          .max(365, "“Every how many days” must be at most 365"),
        /** First day of the schedule (YYYY-MM-DD, local). The server fills in today when it is left out. */
        start_date: z.iso.date({ message: "The start date must be a date such as 2026-03-01" }).optional(),
        at,
        grace_minutes: grace,
      })
      .strict(),
    z
      .object({
        kind: z.literal("weekdays"),
        time_zone: timeZone,
        /** ISO weekdays: 1 = Monday … 7 = Sunday. */
        weekdays: z
          .array(
            z.int().min(1, "Weekdays are 1 (Monday) to 7 (Sunday)").max(7, "Weekdays are 1 (Monday) to 7 (Sunday)"),
          )
          .min(1, "Choose at least one weekday")
          .max(7)
          .refine((days) => new Set(days).size === days.length, "Each weekday may appear once")
          .transform((days) => [...days].sort((a, b) => a - b)),
        at,
        grace_minutes: grace,
      })
      .strict(),
  ],
  { message: "Choose how it repeats: every few days (every_n_days) or on weekdays (weekdays)" },
);
export type RecurringPattern = z.output<typeof recurringPatternSchema>;
export type RecurringPatternInput = z.input<typeof recurringPatternSchema>;

/** The stored pattern as the API returns it (start_date always filled in for every_n_days). */
export const recurringPatternOutputSchema = z.union([
  z.object({
    kind: z.literal("every_n_days"),
    time_zone: z.string(),
    every_days: z.number(),
    start_date: z.string().optional(),
    at: z.string(),
    grace_minutes: z.number(),
  }),
  z.object({
    kind: z.literal("weekdays"),
    time_zone: z.string(),
    weekdays: z.array(z.number()),
    at: z.string(),
    grace_minutes: z.number(),
  }),
]);

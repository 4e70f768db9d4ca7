import { z } from "zod";
import { CONDITION_TYPES } from "./condition-timing.ts";

/**
 * How the header reads GET /api/conditions?active=true (whose answer is conditionSchema's): spec
 * §7's field list for the header buttons, plus what says whether a condition is in force and what
 * a check-in would do to it (is_armed, next_deadline, the timing of a date delivery). The additions
 * are optional: the web caches the list, and one cached by an older version lacks them.
 */
export const headerConditionSchema = z.object({
  id: z.string(),
  message_id: z.string(),
  condition_type: z.enum(CONDITION_TYPES),
  active: z.boolean(),
  is_armed: z.boolean().optional(),
  next_deadline: z.string().nullable().optional(),
  minutes_threshold: z.number().optional(),
  deliver_at: z.string().nullable().optional(),
  last_checked: z.string().optional(),
  armed_at: z.string().optional(),
  hours_threshold: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
  recipients: z.array(z.string()),
  recurring_pattern: z.unknown().nullable(),
  panic_config: z.object({ keep_armed: z.boolean().optional() }).nullable(),
});
export type HeaderCondition = z.infer<typeof headerConditionSchema>;

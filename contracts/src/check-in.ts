import { z } from "zod";
import { canFire } from "./conditions/can-fire.ts";
import type { ConditionTiming } from "./conditions/condition-timing.ts";
import { nextDeadline } from "./conditions/next-deadline.ts";

/** An inactivity_to_date delivery a check-in cancelled: it will not go out unless armed again. */
export const cancelledDeliverySchema = z.object({
  condition_id: z.string(),
  message_id: z.string(),
  /** The message's title, as the owner wrote it. */
  message_title: z.string(),
  /** The date it would have gone out (ISO 8601). */
  deliver_at: z.string(),
});
export type CancelledDelivery = z.infer<typeof cancelledDeliverySchema>;

/** POST /api/check-in's answer (spec §4; docs/decisions/023, 028). */
export const checkInAnswerSchema = z.object({
  success: z.literal(true),
  checked_in_at: z.string(),
  /** How many active check-in conditions had their last check-in set (disarmed ones included). */
  conditions: z.number(),
  /** The earliest deadline now ahead, or null when nothing is scheduled. */
  next_deadline: z.string().nullable(),
  /** How many armed conditions were waiting for a check-in; 0: nothing was reset. */
  waiting: z.number(),
  /** The dated deliveries this check-in cancelled. */
  cancelled: z.array(cancelledDeliverySchema),
});
export type CheckInAnswer = z.infer<typeof checkInAnswerSchema>;

/** POST /api/check-in/token/lookup's answer: the reminder link still works (else 404), nothing more. */
export const checkInLinkSchema = z.object({ valid: z.literal(true) });
export type CheckInLink = z.infer<typeof checkInLinkSchema>;

/**
 * POST /api/check-in/token's answer: a reminder link's holder learns only that it happened and how
 * many dated deliveries it cancelled, never whose or when (docs/decisions/011, 028).
 */
export const linkCheckInAnswerSchema = z.object({
  success: z.literal(true),
  checked_in_at: z.string(),
  /** How many dated deliveries this check-in cancelled. */
  cancelled: z.number(),
});
export type LinkCheckInAnswer = z.infer<typeof linkCheckInAnswerSchema>;

/**
 * What a check-in did to messages set to go out on a date unless the owner checked in: a count,
 * never a title (a reminder link or a text message may be read by someone else). `where` ends the
 * sentence, e.g. " in the app".
 */
export function cancelledDatedSentence(n: number, where = ""): string {
  const one = n === 1;
  return `This check-in also cancelled ${one ? "a message" : `${n} messages`} set to go out on a date unless you checked in: nothing will send ${one ? "it" : "them"} until you arm ${one ? "its condition" : "their conditions"} again${where}.`;
}

/**
 * Whether a check-in at `now` would cancel this condition's delivery: an inactivity_to_date still
 * in force whose rule (contracts' nextDeadline) has no deadline once checked in now.
 */
export function checkInWouldCancel(condition: ConditionTiming & { next_deadline: string | null }, now: Date): boolean {
  if (condition.condition_type !== "inactivity_to_date" || !canFire(condition)) return false;
  return nextDeadline({ ...condition, last_checked: now }, now) === null;
}

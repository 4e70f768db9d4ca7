import {
  conditionProblems,
  type Condition,
  type ConditionRuleInput,
  type conditionUpdateSchema,
  type RecurringPattern,
} from "@trigger-switch/contracts";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { checkPlanInterval } from "../billing/check-plan-interval.ts";
import { limitsFor } from "../billing/limits-for.ts";
import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/connect.ts";
import { messageConditions } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { checkConditionRecipients } from "./check-condition-recipients.ts";
import { checkDeliverAt } from "./check-deliver-at.ts";
import { findOwnedCondition } from "./find-owned-condition.ts";
import { rescheduleCondition } from "../engine/reschedule-condition.ts";
import { toConditionDto } from "./to-condition-dto.ts";
import { withStartDate } from "./with-start-date.ts";

interface Options {
  db: Db;
  config: Config;
  clock: Clock;
  userId: string;
  conditionId: string;
  changes: z.output<typeof conditionUpdateSchema>;
  timeZone?: string;
}

const TIMING_FIELDS = ["hours_threshold", "minutes_threshold", "recurring_pattern", "deliver_at"] as const;

/**
 * Applies the given fields and checks the whole condition again. Changing WHEN it fires restarts
 * its clock like arming (last_checked = armed_at = now): shortening a 7-day threshold to 1 hour
 * must not fire at once because the last check-in was 2 days ago.
 */
export async function updateCondition({
  db,
  config,
  clock,
  userId,
  conditionId,
  changes,
  timeZone,
}: Options): Promise<Condition> {
  const now = clock.now();
  const current = await findOwnedCondition({ db, userId, conditionId });
  const merged: ConditionRuleInput = {
    condition_type: current.conditionType,
    hours_threshold: changes.hours_threshold ?? current.hoursThreshold,
    minutes_threshold: changes.minutes_threshold ?? current.minutesThreshold,
    reminder_hours: changes.reminder_hours ?? current.reminderHours,
    recurring_pattern:
      changes.recurring_pattern !== undefined
        ? changes.recurring_pattern
        : (current.recurringPattern as RecurringPattern | null),
    panic_config: changes.panic_config ? { ...current.panicConfig, ...changes.panic_config } : current.panicConfig,
    deliver_at: changes.deliver_at !== undefined ? changes.deliver_at : current.deliverAt,
  };
  const problems = conditionProblems(merged);
  if (Object.keys(problems).length > 0)
    throw new AppError(
      "validation_failed",
      `Please check ${Object.keys(problems)[0]}: ${Object.values(problems)[0]}`,
      problems,
    );
  const deliverAt = merged.deliver_at === null ? null : new Date(merged.deliver_at);
  const timingChanged = TIMING_FIELDS.some((f) => changes[f] !== undefined);
  // A restarted clock would make a passed deliver_at due at once, so it must lie ahead again.
  if (changes.deliver_at !== undefined || timingChanged) checkDeliverAt(deliverAt, now);
  // A new timing is a new promise: it must fit the plan. A switch left as it was keeps running after a downgrade.
  if (timingChanged) checkPlanInterval(config, await limitsFor({ db, config, userId }), merged);
  if (changes.recipients) await checkConditionRecipients({ db, messageId: current.messageId, ids: changes.recipients });

  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(messageConditions)
      .set({
        hoursThreshold: merged.hours_threshold,
        minutesThreshold: merged.minutes_threshold,
        reminderHours: [...merged.reminder_hours].sort((a, b) => b - a),
        recipients: changes.recipients,
        recurringPattern: withStartDate(merged.recurring_pattern as RecurringPattern | null, now),
        panicConfig: merged.panic_config,
        deliverAt,
        ...(timingChanged ? { lastChecked: now, armedAt: now, shiftedDeadline: null, deadlineShiftMs: 0 } : {}),
        updatedAt: now,
      })
      .where(eq(messageConditions.id, current.id))
      .returning();
    // Recipients, reminders or timing may have changed: the schedule follows in the same transaction.
    await rescheduleCondition({ db: tx, clock, conditionId: current.id });
    return toConditionDto(row!, now, timeZone);
  });
}

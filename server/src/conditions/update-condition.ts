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
    // The same pattern sent back keeps the stored one, with its start date.
    recurring_pattern:
      changes.recurring_pattern !== undefined && !sameTiming("recurring_pattern", changes, current)
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
  // The editor sends every field of a condition it saves: only a value that differs is a change of timing.
  const timingChanged = TIMING_FIELDS.some((f) => changes[f] !== undefined && !sameTiming(f, changes, current));
  // A restarted clock would make a passed deliver_at due at once, so it must lie ahead again.
  if (timingChanged) checkDeliverAt(deliverAt, now);
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

type StoredCondition = Awaited<ReturnType<typeof findOwnedCondition>>;

/** Whether a timing field sent with an update says what the condition already says. */
function sameTiming(
  field: (typeof TIMING_FIELDS)[number],
  changes: Options["changes"],
  current: StoredCondition,
): boolean {
  switch (field) {
    case "hours_threshold":
      return changes.hours_threshold === current.hoursThreshold;
    case "minutes_threshold":
      return changes.minutes_threshold === current.minutesThreshold;
    case "deliver_at": {
      const sent = changes.deliver_at ?? null;
      return sent === null || current.deliverAt === null
        ? sent === current.deliverAt
        : new Date(sent).getTime() === current.deliverAt.getTime();
    }
    case "recurring_pattern": {
      const sent = changes.recurring_pattern ?? null;
      const stored = current.recurringPattern as RecurringPattern | null;
      if (sent === null || stored === null) return sent === stored;
      // A pattern sent without its start date keeps the stored one (withStartDate gives a new one only to a new pattern).
      const withStored =
        sent.kind === "every_n_days" && stored.kind === "every_n_days" && !sent.start_date
          ? { ...sent, start_date: stored.start_date }
          : sent;
      return canonical(withStored) === canonical(stored);
    }
  }
}

/** JSON with object keys in order, so two equal patterns compare equal whatever order their keys came in. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );

import type { messageConditions, reminderSchedule } from "../db/schema.ts";
import { effectiveDeadline } from "../engine/effective-deadline.ts";
import { plannedSchedule, remindersCountFrom, scheduleKey } from "../engine/reschedule-condition.ts";

type ConditionRow = typeof messageConditions.$inferSelect;
type ScheduleRow = typeof reminderSchedule.$inferSelect;

/** A schedule row as the owner's diagnostic shows it: a stored row, or one the engine will write. */
export type ShownScheduleRow = Pick<
  ScheduleRow,
  | "conditionId"
  | "reminderType"
  | "scheduledAt"
  | "status"
  | "deliveryPriority"
  | "retryStrategy"
  | "attempts"
  | "nextAttemptAt"
  | "lastError"
> & { id: string };

/**
 * The schedule as it stands for the owner. A check-in may leave the new deadline's rows for the
 * engine to write when the old deadline's first row falls due (docs/decisions/043); until then the
 * old pending rows will never fire, so they show as no longer needed, and the rows the engine will
 * write show as pending (named by their schedule key), exactly as a check-in that wrote them would.
 */
export function scheduleAsPlanned(conditions: ConditionRow[], stored: ScheduleRow[], now: Date): ShownScheduleRow[] {
  const keys = new Set(stored.filter((r) => r.status !== "obsolete").map((r) => r.idempotencyKey));
  const moved = new Map<string, Date>();
  const planned: ShownScheduleRow[] = [];
  for (const condition of conditions) {
    if (condition.conditionType === "panic_trigger") continue;
    const due = effectiveDeadline(condition, now);
    if (!due || keys.has(scheduleKey("final_delivery", condition.id, due.deadline, 0))) continue;
    if (!stored.some((r) => r.conditionId === condition.id && r.status === "pending" && r.releasedAt === null))
      continue;
    moved.set(condition.id, due.deadline);
    for (const row of plannedSchedule(condition, now, remindersCountFrom(condition, now))?.rows ?? [])
      planned.push({
        id: row.idempotencyKey,
        conditionId: row.conditionId,
        reminderType: row.reminderType,
        scheduledAt: row.scheduledAt,
        status: "pending",
        deliveryPriority: row.deliveryPriority,
        retryStrategy: row.retryStrategy,
        attempts: 0,
        nextAttemptAt: row.nextAttemptAt,
        lastError: null,
      });
  }
  const shown = stored.map((r) => {
    const deadline = moved.get(r.conditionId);
    const stale =
      deadline && r.status === "pending" && r.releasedAt === null && r.deadline.getTime() !== deadline.getTime();
    return stale ? { ...r, status: "obsolete" as const } : r;
  });
  return [...shown, ...planned].sort(
    (a, b) => a.scheduledAt.getTime() - b.scheduledAt.getTime() || a.id.localeCompare(b.id),
  );
}

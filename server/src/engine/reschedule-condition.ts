import { HIGH_PRIORITY_OFFSET_UNDER } from "@trigger-switch/contracts";
import { and, eq, notInArray, sql } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import type { Db } from "../db/connect.ts";
import { messageConditions, reminderSchedule } from "../db/schema.ts";
import { effectiveDeadline } from "./effective-deadline.ts";

type NewRow = typeof reminderSchedule.$inferInsert;

export const scheduleKey = (type: "reminder" | "final_delivery", conditionId: string, deadline: Date, offset: number) =>
  `${type}:${conditionId}:${deadline.toISOString()}:${offset}`;

/**
 * Makes a condition's pending reminder_schedule rows match its current deadline (spec §4): rows
 * of another deadline become obsolete; reminders at deadline − offset (offsets in minutes, the
 * past ones skipped; high priority under 60) and one final_delivery at the deadline are pending.
 * Call it inside the transaction that changed the condition, so the schedule never disagrees
 * with it. A row already sent for the same deadline is left alone (its key is taken), so a
 * reschedule never repeats a reminder. Returns the deadline, or null when nothing will fire.
 */
export async function rescheduleCondition({ db, clock, conditionId }: { db: Db; clock: Clock; conditionId: string }): Promise<Date | null> {
  const now = clock.now();
  const [condition] = await db.select().from(messageConditions).where(eq(messageConditions.id, conditionId)).for("update");
  // A panic condition has no schedule: its rows are emergencies already accepted at a press
  // (docs/decisions/008), which an edit, a disarm or keep_armed must never make obsolete.
  if (condition?.conditionType === "panic_trigger") return null;
  const due = condition ? effectiveDeadline(condition, now) : null;
  const wanted: NewRow[] = [];
  if (condition && due) {
    const { deadline } = due;
    const base = { messageId: condition.messageId, conditionId, userId: condition.userId, deadline, createdAt: now, updatedAt: now };
    for (const offset of condition.reminderHours) {
      const at = new Date(deadline.getTime() - offset * 60_000);
      if (at <= now) continue;
      const priority = offset < HIGH_PRIORITY_OFFSET_UNDER ? "high" : "normal";
      wanted.push({ ...base, reminderType: "reminder", offsetMinutes: offset, scheduledAt: at, nextAttemptAt: at, deliveryPriority: priority, retryStrategy: "standard", idempotencyKey: scheduleKey("reminder", conditionId, deadline, offset) });
    }
    wanted.push({ ...base, reminderType: "final_delivery", offsetMinutes: 0, scheduledAt: deadline, nextAttemptAt: deadline, deliveryPriority: "critical", retryStrategy: "aggressive", idempotencyKey: scheduleKey("final_delivery", conditionId, deadline, 0) });
  }
  const keys = wanted.map((w) => w.idempotencyKey);
  await db
    .update(reminderSchedule)
    .set({ status: "obsolete", updatedAt: now, completedAt: now })
    .where(and(eq(reminderSchedule.conditionId, conditionId), eq(reminderSchedule.status, "pending"), keys.length ? notInArray(reminderSchedule.idempotencyKey, keys) : undefined));
  if (wanted.length > 0) {
    // Revive a row obsoleted earlier for this same deadline; never touch one claimed, sent or parked.
    await db
      .insert(reminderSchedule)
      .values(wanted)
      .onConflictDoUpdate({
        target: reminderSchedule.idempotencyKey,
        set: { status: "pending", attempts: 0, nextAttemptAt: sql`excluded.next_attempt_at`, lastError: null, completedAt: null, updatedAt: now },
        setWhere: sql`${reminderSchedule.status} = 'obsolete'`,
      });
  }
  return due?.deadline ?? null;
}

import { HIGH_PRIORITY_OFFSET_UNDER } from "@trigger-switch/contracts";
import { and, eq, sql } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import type { Db, Tx } from "../db/connect.ts";
import { arrayLiteral, inIds } from "../db/in-ids.ts";
import { insertRows } from "../db/insert-rows.ts";
import { messageConditions, reminderSchedule } from "../db/schema.ts";
import { effectiveDeadline } from "./effective-deadline.ts";

type NewRow = typeof reminderSchedule.$inferInsert;
type ConditionRow = typeof messageConditions.$inferSelect;

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
export async function rescheduleCondition({
  db,
  clock,
  conditionId,
}: {
  db: Db | Tx;
  clock: Clock;
  conditionId: string;
}): Promise<Date | null> {
  const [condition] = await db
    .select()
    .from(messageConditions)
    .where(eq(messageConditions.id, conditionId))
    .for("update");
  if (!condition) {
    await db
      .update(reminderSchedule)
      .set({ status: "obsolete", updatedAt: clock.now(), completedAt: clock.now() })
      .where(and(eq(reminderSchedule.conditionId, conditionId), eq(reminderSchedule.status, "pending")));
    return null;
  }
  return (await rescheduleConditions({ db, clock, conditions: [condition] })).get(condition.id) ?? null;
}

/**
 * rescheduleCondition for many conditions at once, in three statements whatever their number (a
 * burst of releases, the downtime guard): `conditions` are current rows the caller has locked.
 * Returns each condition's deadline (absent: nothing will fire).
 */
export async function rescheduleConditions({
  db,
  clock,
  conditions,
}: {
  db: Db | Tx;
  clock: Clock;
  conditions: ConditionRow[];
}): Promise<Map<string, Date>> {
  const now = clock.now();
  const deadlines = new Map<string, Date>();
  const wanted: NewRow[] = [];
  // A panic condition has no schedule: its rows are emergencies already accepted at a press
  // (docs/decisions/008), which an edit, a disarm or keep_armed must never make obsolete.
  const timed = conditions.filter((c) => c.conditionType !== "panic_trigger");
  if (timed.length === 0) return deadlines;
  for (const condition of timed) {
    const due = effectiveDeadline(condition, now);
    if (!due) continue;
    const { deadline } = due;
    deadlines.set(condition.id, deadline);
    const conditionId = condition.id;
    const base = {
      messageId: condition.messageId,
      conditionId,
      userId: condition.userId,
      deadline,
      createdAt: now,
      updatedAt: now,
    };
    for (const offset of condition.reminderHours) {
      const at = new Date(deadline.getTime() - offset * 60_000);
      if (at <= now) continue;
      const priority = offset < HIGH_PRIORITY_OFFSET_UNDER ? "high" : "normal";
      wanted.push({
        ...base,
        reminderType: "reminder",
        offsetMinutes: offset,
        scheduledAt: at,
        nextAttemptAt: at,
        deliveryPriority: priority,
        retryStrategy: "standard",
        idempotencyKey: scheduleKey("reminder", conditionId, deadline, offset),
      });
    }
    wanted.push({
      ...base,
      reminderType: "final_delivery",
      offsetMinutes: 0,
      scheduledAt: deadline,
      nextAttemptAt: deadline,
      deliveryPriority: "critical",
      retryStrategy: "aggressive",
      idempotencyKey: scheduleKey("final_delivery", conditionId, deadline, 0),
    });
  }
  const keys = wanted.map((w) => w.idempotencyKey);
  await db
    .update(reminderSchedule)
    .set({ status: "obsolete", updatedAt: now, completedAt: now })
    .where(
      and(
        inIds(
          reminderSchedule.conditionId,
          timed.map((c) => c.id),
        ),
        eq(reminderSchedule.status, "pending"),
        // One array parameter for the keys (they hold no comma, quote, brace or space).
        keys.length ? sql`${reminderSchedule.idempotencyKey} <> all(${arrayLiteral(keys)}::text[])` : undefined,
      ),
    );
  if (wanted.length > 0) {
    // Revive a row obsoleted earlier for this same deadline; never touch one claimed, sent or parked.
    await insertRows(
      db,
      reminderSchedule,
      wanted,
      sql`on conflict (idempotency_key) do update set status = 'pending', attempts = 0,
        next_attempt_at = excluded.next_attempt_at, last_error = null, completed_at = null,
        updated_at = ${now.toISOString()}::timestamptz
        where ${reminderSchedule}.status = 'obsolete'`,
    );
  }
  return deadlines;
}

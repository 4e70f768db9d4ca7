import { HIGH_PRIORITY_OFFSET_UNDER } from "@trigger-switch/contracts";
import { and, eq, ne, sql } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import type { Db, Tx } from "../db/connect.ts";
import { arrayLiteral, inIds } from "../db/in-ids.ts";
import { insertRows } from "../db/insert-rows.ts";
import { messageConditions, reminderSchedule } from "../db/schema.ts";
import { effectiveDeadline } from "./effective-deadline.ts";
import type { ConditionRow } from "./work-types.ts";

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
 * The rows a timed condition's schedule holds for its deadline now: a reminder at deadline − offset
 * for each offset later than `remindAfter` (high priority under 60 minutes), and the final delivery
 * at the deadline. Null when nothing will fire.
 */
export function plannedSchedule(
  condition: ConditionRow,
  now: Date,
  remindAfter: Date,
): { deadline: Date; rows: NewRow[] } | null {
  const due = effectiveDeadline(condition, now);
  if (!due) return null;
  const { deadline } = due;
  const conditionId = condition.id;
  const base = {
    messageId: condition.messageId,
    conditionId,
    userId: condition.userId,
    deadline,
    createdAt: now,
    updatedAt: now,
  };
  const rows: NewRow[] = [];
  for (const offset of condition.reminderHours) {
    const at = new Date(deadline.getTime() - offset * 60_000);
    if (at <= remindAfter) continue;
    rows.push({
      ...base,
      reminderType: "reminder",
      offsetMinutes: offset,
      scheduledAt: at,
      nextAttemptAt: at,
      deliveryPriority: offset < HIGH_PRIORITY_OFFSET_UNDER ? "high" : "normal",
      retryStrategy: "standard",
      idempotencyKey: scheduleKey("reminder", conditionId, deadline, offset),
    });
  }
  rows.push({
    ...base,
    reminderType: "final_delivery",
    offsetMinutes: 0,
    scheduledAt: deadline,
    nextAttemptAt: deadline,
    deliveryPriority: "critical",
    retryStrategy: "aggressive",
    idempotencyKey: scheduleKey("final_delivery", conditionId, deadline, 0),
  });
  return { deadline, rows };
}

/**
 * rescheduleCondition for many conditions at once, in three statements whatever their number (a
 * burst of releases, the downtime guard): `conditions` are current rows the caller has locked.
 * `remindAfter` says from when a condition's reminders count (default: now); the engine, writing
 * the schedule a check-in left to it, counts them from that check-in, as the check-in would have.
 * Returns each condition's deadline (absent: nothing will fire).
 */
export async function rescheduleConditions({
  db,
  clock,
  conditions,
  remindAfter,
}: {
  db: Db | Tx;
  clock: Clock;
  conditions: ConditionRow[];
  remindAfter?: (condition: ConditionRow) => Date;
}): Promise<Map<string, Date>> {
  const now = clock.now();
  const deadlines = new Map<string, Date>();
  const wanted: NewRow[] = [];
  // A panic condition has no schedule: its rows are emergencies already accepted at a press
  // (docs/decisions/008), which an edit, a disarm or keep_armed must never make obsolete.
  const timed = conditions.filter((c) => c.conditionType !== "panic_trigger");
  if (timed.length === 0) return deadlines;
  for (const condition of timed) {
    const planned = plannedSchedule(condition, now, remindAfter?.(condition) ?? now);
    if (!planned) continue;
    deadlines.set(condition.id, planned.deadline);
    wanted.push(...planned.rows);
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

/**
 * The schedule a check-in left to the engine (docs/decisions/043): a claimed row whose condition's
 * deadline has moved shows that the condition's rows may still be the old deadline's. Where the
 * new deadline's final delivery is not in the schedule (or is obsolete), its rows are written now,
 * reminders counted from the last check-in as that check-in would have counted them, and the old
 * deadline's pending rows become obsolete. `moved` are current condition rows, locked by the
 * caller, with their deadline now.
 */
export async function scheduleMovedDeadlines({
  db,
  clock,
  moved,
}: {
  db: Tx;
  clock: Clock;
  moved: { condition: ConditionRow; deadline: Date }[];
}): Promise<void> {
  if (moved.length === 0) return;
  const finalKey = (m: (typeof moved)[number]) => scheduleKey("final_delivery", m.condition.id, m.deadline, 0);
  const written = new Set(
    (
      await db
        .select({ key: reminderSchedule.idempotencyKey })
        .from(reminderSchedule)
        .where(
          and(
            sql`${reminderSchedule.idempotencyKey} = any(${arrayLiteral(moved.map(finalKey))}::text[])`,
            ne(reminderSchedule.status, "obsolete"),
          ),
        )
    ).map((r) => r.key),
  );
  const left = moved.filter((m) => !written.has(finalKey(m))).map((m) => m.condition);
  const now = clock.now();
  await rescheduleConditions({ db, clock, conditions: left, remindAfter: (c) => remindersCountFrom(c, now) });
}

/**
 * From when the reminders of a schedule a check-in left to the engine count: that check-in (the
 * condition's last_checked), as the check-in would have counted them had it written the rows.
 */
export const remindersCountFrom = (condition: ConditionRow, now: Date): Date => condition.lastChecked ?? now;

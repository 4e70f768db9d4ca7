import { and, asc, eq, lte, min } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import type { Db } from "../db/connect.ts";
import { inIds } from "../db/in-ids.ts";
import { reminderSchedule } from "../db/schema.ts";
import type { ScheduleRow } from "./work-types.ts";

/** The order the engine serves priorities in: an emergency before a deadline's reminder. */
const PRIORITIES = ["critical", "high", "normal"] as const;

/**
 * Claims up to `limit` due rows for this worker with FOR UPDATE SKIP LOCKED, so concurrent
 * workers (other processes on PostgreSQL) never take the same row. A claim is a lease: a row
 * whose worker died is claimable again once `locked_until` passes. Time is the injected clock,
 * not the database's now(), so tests travel in time (docs/decisions/005).
 *
 * Order: by priority, and within a priority a lapsed claim first (it was due before its lease
 * began), then pending rows by due time. Each priority's pending rows are read in the order of
 * `reminder_schedule_pending_priority_idx`, so a claim reads about `limit` rows however many are
 * due; one query ordering every due row by priority had to sort them all (docs/decisions/012).
 */
export async function claimDueWork({
  db,
  clock,
  workerId,
  limit,
  leaseMs,
  userId,
}: {
  db: Db;
  clock: Clock;
  workerId: string;
  limit: number;
  leaseMs: number;
  /** Only this owner's rows (a user's own send-reminder-emails call). */ userId?: string;
}): Promise<ScheduleRow[]> {
  const now = clock.now();
  const ofOwner = userId ? eq(reminderSchedule.userId, userId) : undefined;
  return db.transaction(async (tx) => {
    // Lapsed claims are few (a dead worker's lease), so sorting them costs nothing.
    const lapsed = await tx
      .select({ id: reminderSchedule.id, priority: reminderSchedule.deliveryPriority })
      .from(reminderSchedule)
      .where(and(eq(reminderSchedule.status, "claimed"), lte(reminderSchedule.lockedUntil, now), ofOwner))
      .orderBy(asc(reminderSchedule.nextAttemptAt))
      .limit(limit)
      .for("update", { skipLocked: true });
    const ids: string[] = [];
    for (const priority of PRIORITIES) {
      for (const row of lapsed) if (row.priority === priority && ids.length < limit) ids.push(row.id);
      if (ids.length >= limit) break;
      const pending = await tx
        .select({ id: reminderSchedule.id })
        .from(reminderSchedule)
        .where(
          and(
            eq(reminderSchedule.status, "pending"),
            eq(reminderSchedule.deliveryPriority, priority),
            lte(reminderSchedule.nextAttemptAt, now),
            ofOwner,
          ),
        )
        .orderBy(asc(reminderSchedule.nextAttemptAt))
        .limit(limit - ids.length)
        .for("update", { skipLocked: true });
      ids.push(...pending.map((r) => r.id));
    }
    if (ids.length === 0) return [];
    return tx
      .update(reminderSchedule)
      .set({ status: "claimed", lockedUntil: new Date(now.getTime() + leaseMs), claimedBy: workerId, updatedAt: now })
      .where(inIds(reminderSchedule.id, ids))
      .returning();
  });
}

/** When the next pending row falls due (null: none), through the index the claim walks. */
export async function nextDueAt(db: Db): Promise<Date | null> {
  const [row] = await db
    .select({ at: min(reminderSchedule.nextAttemptAt) })
    .from(reminderSchedule)
    .where(eq(reminderSchedule.status, "pending"));
  return row?.at ?? null;
}

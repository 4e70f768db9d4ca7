import { and, asc, eq, lte, min, or, sql } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import type { Db } from "../db/connect.ts";
import { inIds } from "../db/in-ids.ts";
import { reminderSchedule } from "../db/schema.ts";
import type { ScheduleRow } from "./work-types.ts";

/**
 * Claims up to `limit` due rows for this worker with FOR UPDATE SKIP LOCKED, so concurrent
 * workers (other processes on PostgreSQL) never take the same row. A claim is a lease: a row
 * whose worker died is claimable again once `locked_until` passes. Time is the injected clock,
 * not the database's now(), so tests travel in time (docs/decisions/005).
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
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: reminderSchedule.id })
      .from(reminderSchedule)
      .where(
        and(
          or(
            and(eq(reminderSchedule.status, "pending"), lte(reminderSchedule.nextAttemptAt, now)),
            and(eq(reminderSchedule.status, "claimed"), lte(reminderSchedule.lockedUntil, now)),
          ),
          userId ? eq(reminderSchedule.userId, userId) : undefined,
        ),
      )
      .orderBy(
        sql`case ${reminderSchedule.deliveryPriority} when 'critical' then 0 when 'high' then 1 else 2 end`,
        asc(reminderSchedule.nextAttemptAt),
      )
      .limit(limit)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(reminderSchedule)
      .set({ status: "claimed", lockedUntil: new Date(now.getTime() + leaseMs), claimedBy: workerId, updatedAt: now })
      .where(
        inIds(
          reminderSchedule.id,
          due.map((d) => d.id),
        ),
      )
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

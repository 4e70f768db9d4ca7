import type { StuckDelivery } from "@trigger-switch/contracts";
import { and, asc, eq, gt, inArray, or, sql } from "drizzle-orm";
import type { Db } from "../db/connect.ts";
import { deliveries, reminderSchedule, users } from "../db/schema.ts";

/**
 * Work that needs a person: parked rows (the engine gave up) and pending rows that have failed at
 * least once (retrying with backoff). Parked first, then the most overdue. Addresses and errors
 * only — never a title, text or attachment.
 */
export async function listStuckDeliveries({ db, limit = 100 }: { db: Db; limit?: number }): Promise<StuckDelivery[]> {
  const found = await db
    .select({ row: reminderSchedule, ownerEmail: users.email })
    .from(reminderSchedule)
    .innerJoin(users, eq(users.id, reminderSchedule.userId))
    .where(
      or(
        eq(reminderSchedule.status, "parked"),
        and(eq(reminderSchedule.status, "pending"), gt(reminderSchedule.attempts, 0)),
      ),
    )
    .orderBy(sql`case ${reminderSchedule.status} when 'parked' then 0 else 1 end`, asc(reminderSchedule.scheduledAt))
    .limit(limit);
  if (found.length === 0) return [];
  const sends = await db
    .select()
    .from(deliveries)
    .where(
      inArray(
        deliveries.reminderId,
        found.map((f) => f.row.id),
      ),
    )
    .orderBy(asc(deliveries.createdAt));
  return found.map(({ row, ownerEmail }) => ({
    id: row.id,
    status: row.status === "parked" ? "parked" : "pending",
    reminder_type: row.reminderType,
    owner_email: ownerEmail,
    message_id: row.messageId,
    condition_id: row.conditionId,
    deadline: row.deadline.toISOString(),
    scheduled_at: row.scheduledAt.toISOString(),
    attempts: row.attempts,
    next_attempt_at: row.status === "pending" ? row.nextAttemptAt.toISOString() : null,
    last_error: row.lastError,
    deliveries: sends
      .filter((d) => d.reminderId === row.id)
      .map((d) => ({
        kind: d.kind,
        channel: d.channel,
        address: d.address,
        status: d.status,
        attempts: d.attempts,
        last_error: d.lastError,
      })),
  }));
}

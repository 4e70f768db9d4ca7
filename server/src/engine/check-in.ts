import { CHECK_IN_CONDITION_TYPES } from "@trigger-switch/contracts";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import type { Db } from "../db/connect.ts";
import { messageConditions } from "../db/schema.ts";
import { rescheduleCondition } from "./reschedule-condition.ts";

export interface CheckInResult {
  checked_in_at: string;
  /** How many conditions were reset. */
  conditions: number;
  /** The earliest deadline now ahead, or null when nothing is scheduled. */
  next_deadline: string | null;
}

/**
 * Spec §4 check-in, in one transaction: every active check-in condition of the user gets
 * last_checked = now (and stays active), its pending reminders become obsolete and new ones are
 * scheduled from the new deadline. Locking the conditions makes a check-in and the engine's
 * firing of the same deadline serialise: whichever commits first wins (docs/decisions/003, 005).
 * No active condition: success, nothing changes. `source` says where it came from (app, email link).
 */
export async function checkIn({ db, clock, userId }: { db: Db; clock: Clock; userId: string; source: "app" | "email_link" | "whatsapp" | "sms" }): Promise<CheckInResult> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const mine = and(eq(messageConditions.userId, userId), eq(messageConditions.active, true), inArray(messageConditions.conditionType, [...CHECK_IN_CONDITION_TYPES]));
    // Lock in id order first: two check-ins of one user at once must not deadlock.
    const rows = await tx.select({ id: messageConditions.id }).from(messageConditions).where(mine).orderBy(asc(messageConditions.id)).for("update");
    if (rows.length > 0) await tx.update(messageConditions).set({ lastChecked: now, updatedAt: now }).where(mine);
    let next: Date | null = null;
    for (const { id } of rows) {
      const deadline = await rescheduleCondition({ db: tx, clock, conditionId: id });
      if (deadline && (next === null || deadline < next)) next = deadline;
    }
    return { checked_in_at: now.toISOString(), conditions: rows.length, next_deadline: next?.toISOString() ?? null };
  });
}

import { and, eq } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import type { MasterKeys } from "../crypto/master-keys.ts";
import type { Db, Tx } from "../db/connect.ts";
import { messageConditions, reminderSchedule, sentReminders, users, deliveries } from "../db/schema.ts";
import { effectiveDeadline } from "./effective-deadline.ts";
import { releaseMessage } from "./release-message.ts";
import type { ScheduleRow } from "./claim-due-work.ts";

export type CommitOutcome = "deliver" | "obsolete" | "lost" | "not_yet";

/**
 * The decision of one claimed row, in one transaction that locks the condition: the same lock a
 * check-in takes, so a check-in and a firing of the same deadline have exactly one winner.
 * The row is acted on only if its deadline is still the condition's deadline and (for the final
 * delivery) is reached; otherwise it became obsolete. Acting means writing intents (deliveries,
 * sent_reminders, access grants) and `released_at`; the mails go out afterwards, from the intents.
 */
export async function commitWork({ db, clock, masterKeys, row, workerId }: { db: Db; clock: Clock; masterKeys: MasterKeys; row: ScheduleRow; workerId: string }): Promise<CommitOutcome> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const [condition] = await tx.select().from(messageConditions).where(eq(messageConditions.id, row.conditionId)).for("update");
    const [current] = await tx.select().from(reminderSchedule).where(eq(reminderSchedule.id, row.id)).for("update");
    // Our lease ran out and another worker took the row: it is theirs now.
    if (!current || current.status !== "claimed" || current.claimedBy !== workerId) return "lost";
    if (current.releasedAt) return "deliver";
    if (!condition) return markObsolete(tx, row.id, now);
    // An emergency (docs/decisions/008): the press is its deadline and it was accepted in the
    // transaction that wrote this row, so nothing since (a check-in, keep_armed, a disarm) undoes it.
    const panic = condition.conditionType === "panic_trigger";
    const due = panic ? { deadline: current.deadline, ruleDeadline: current.deadline } : effectiveDeadline(condition, now);
    if (!due || due.deadline.getTime() !== current.deadline.getTime()) return markObsolete(tx, row.id, now);

    const kind = panic ? "panic" : current.reminderType === "final_delivery" ? "final_delivery" : `reminder:${current.offsetMinutes}`;
    if (current.reminderType === "reminder") {
      // A reminder after its deadline helps nobody: the final delivery takes over.
      if (now >= current.deadline) return markObsolete(tx, row.id, now);
    } else if (now < current.deadline) {
      return "not_yet";
    }
    const [first] = await tx
      .insert(sentReminders)
      .values({ messageId: current.messageId, conditionId: current.conditionId, userId: current.userId, deadline: current.deadline, kind, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: sentReminders.id });
    // Someone already acted on this deadline (a duplicate row): never twice.
    if (!first) return markObsolete(tx, row.id, now);

    if (current.reminderType === "reminder") {
      const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, current.userId));
      await tx
        .insert(deliveries)
        .values({ reminderId: current.id, kind: "reminder", address: owner!.email, idempotencyKey: `condition:${current.conditionId}:${current.deadline.toISOString()}:owner-reminder-${current.offsetMinutes}:email`, createdAt: now })
        .onConflictDoNothing();
    } else {
      await releaseMessage({ tx, clock, masterKeys, row: current, condition, ruleDeadline: due.ruleDeadline });
    }
    await tx.update(reminderSchedule).set({ releasedAt: now, updatedAt: now }).where(and(eq(reminderSchedule.id, current.id)));
    return "deliver";
  });
}

async function markObsolete(tx: Tx, id: string, now: Date): Promise<"obsolete"> {
  await tx.update(reminderSchedule).set({ status: "obsolete", lockedUntil: null, completedAt: now, updatedAt: now }).where(eq(reminderSchedule.id, id));
  return "obsolete";
}

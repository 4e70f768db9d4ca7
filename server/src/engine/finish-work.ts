import { and, eq } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import type { Db } from "../db/connect.ts";
import { deliveries, reminderSchedule } from "../db/schema.ts";
import type { ScheduleRow } from "./claim-due-work.ts";
import { nextRetryAt } from "./retry-policy.ts";

export type FinishOutcome = { status: "sent" } | { status: "retry"; at: Date } | { status: "parked"; reason: string };

/**
 * Settles a row after an attempt from its deliveries: all sent → sent; one still pending (a
 * transient failure) → retried with backoff, or parked once the policy gives up; one failed
 * for good (or nobody to deliver to) → parked with the reasons. Parked rows stay for people.
 */
export async function finishWork({ db, clock, row, workerId }: { db: Db; clock: Clock; row: ScheduleRow; workerId: string }): Promise<FinishOutcome> {
  const now = clock.now();
  const all = await db.select().from(deliveries).where(eq(deliveries.reminderId, row.id));
  const attempts = row.attempts + 1;
  const pending = all.filter((d) => d.status === "pending");
  const failed = all.filter((d) => d.status === "failed");
  const mine = and(eq(reminderSchedule.id, row.id), eq(reminderSchedule.claimedBy, workerId), eq(reminderSchedule.status, "claimed"));
  const reasons = (list: typeof all) => [...new Set(list.map((d) => `${d.address || "(no address)"}: ${d.lastError ?? "unknown error"}`))].join("; ");

  let outcome: FinishOutcome;
  if (pending.length > 0) {
    const at = nextRetryAt({ strategy: row.retryStrategy, attempts, scheduledAt: row.scheduledAt, now });
    outcome = at ? { status: "retry", at } : { status: "parked", reason: `Gave up after ${attempts} attempts. ${reasons(pending)}` };
  } else if (row.reminderType === "final_delivery" && !all.some((d) => d.kind === "release")) {
    outcome = { status: "parked", reason: "The message has no recipients to deliver to." };
  } else if (failed.length > 0) {
    outcome = { status: "parked", reason: reasons(failed) };
  } else {
    outcome = { status: "sent" };
  }

  if (outcome.status === "retry") {
    await db.update(reminderSchedule).set({ status: "pending", attempts, nextAttemptAt: outcome.at, lockedUntil: null, claimedBy: null, lastError: reasons(pending), updatedAt: now }).where(mine);
  } else {
    const lastError = outcome.status === "parked" ? outcome.reason : null;
    await db
      .update(reminderSchedule)
      .set({ status: outcome.status, attempts, lockedUntil: null, lastError, completedAt: now, updatedAt: now })
      .where(mine);
    if (lastError !== null && pending.length > 0) {
      await db.update(deliveries).set({ status: "failed" }).where(and(eq(deliveries.reminderId, row.id), eq(deliveries.status, "pending")));
    }
  }
  return outcome;
}

import { and, eq } from "drizzle-orm";
import type { Config } from "../config.ts";
import type { MasterKeys } from "../crypto/master-keys.ts";
import type { Db, Tx } from "../db/connect.ts";
import { reminderSchedule, users } from "../db/schema.ts";
import { loadMessageTitle } from "./load-message-title.ts";
import { notifyParked } from "./notify-parked.ts";
import { nextRetryAt } from "./retry-policy.ts";
import { shortError } from "./short-error.ts";
import type { ScheduleRow } from "./work-types.ts";

/** Hands claimed rows back after an error in the engine itself, with the row's backoff (never a crash loop). */
export async function releaseWithBackoff(
  db: Db,
  {
    rows,
    workerId,
    now,
    error,
    config,
    masterKeys,
  }: { rows: ScheduleRow[]; workerId: string; now: Date; error: string; config: Config; masterKeys: MasterKeys },
): Promise<void> {
  const reason = shortError(error);
  await db.transaction(async (tx) => {
    for (const row of rows) {
      const attempts = row.attempts + 1;
      const at = nextRetryAt({ strategy: row.retryStrategy, attempts, scheduledAt: row.scheduledAt, now });
      const mine = and(
        eq(reminderSchedule.id, row.id),
        eq(reminderSchedule.claimedBy, workerId),
        eq(reminderSchedule.status, "claimed"),
      );
      if (at) {
        await tx
          .update(reminderSchedule)
          .set({
            status: "pending",
            attempts,
            nextAttemptAt: at,
            lockedUntil: null,
            claimedBy: null,
            lastError: reason,
          })
          .where(mine);
        continue;
      }
      const [parked] = await tx
        .update(reminderSchedule)
        .set({ status: "parked", attempts, lockedUntil: null, lastError: reason, completedAt: now })
        .where(mine)
        .returning({ id: reminderSchedule.id });
      if (parked) {
        const messageTitle = await loadMessageTitle({ db: tx, masterKeys, messageId: row.messageId });
        await notifyParked(tx, {
          masterKeys,
          config,
          now,
          row,
          attempts,
          messageTitle,
          ownerEmail: await ownerEmailOf(tx, row.userId),
          reason,
        });
      }
    }
  });
}

async function ownerEmailOf(tx: Tx, userId: string): Promise<string> {
  const [u] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return u?.email ?? "";
}

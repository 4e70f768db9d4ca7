import { and, eq } from "drizzle-orm";
import type { Db } from "../db/connect.ts";
import { deliveries, reminderSchedule } from "../db/schema.ts";

/**
 * The last word of a stop, whatever path it took: every schedule row and owner notice this worker
 * still holds goes back at once, so nobody waits for a lease to lapse. A row whose send was
 * abandoned may repeat, like an in-flight send at kill -9; its deliveries already marked sent do not.
 */
export async function handBackClaims({ db, workerId }: { db: Db; workerId: string }): Promise<number> {
  const rows = await db
    .update(reminderSchedule)
    .set({ status: "pending", lockedUntil: null, claimedBy: null })
    .where(and(eq(reminderSchedule.claimedBy, workerId), eq(reminderSchedule.status, "claimed")))
    .returning({ id: reminderSchedule.id });
  await db.update(deliveries).set({ lockedUntil: null, claimedBy: null }).where(eq(deliveries.claimedBy, workerId));
  return rows.length;
}

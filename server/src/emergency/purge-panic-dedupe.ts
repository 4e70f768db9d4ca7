import { DUPLICATE_PANIC_PURGE_MS } from "@trigger-switch/contracts";
import { lt } from "drizzle-orm";
import type { Db } from "../db/connect.ts";
import { panicDedupe } from "../db/schema.ts";

/**
 * Deletes duplicate-suppression records older than DUPLICATE_PANIC_PURGE_MS (spec §9: 60 s).
 * Housekeeping only: correctness comes from the window check in `claimPanicSlot`, which ignores
 * a stale record whether or not it was purged yet.
 */
export async function purgePanicDedupe({ db, now }: { db: Db; now: Date }): Promise<number> {
  const gone = await db
    .delete(panicDedupe)
    .where(lt(panicDedupe.triggeredAt, new Date(now.getTime() - DUPLICATE_PANIC_PURGE_MS)))
    .returning({ key: panicDedupe.key });
  return gone.length;
}

import { DUPLICATE_PANIC_WINDOW_MS } from "@trigger-switch/contracts";
import { sql } from "drizzle-orm";
import type { Tx } from "../db/connect.ts";
import { panicDedupe } from "../db/schema.ts";

/** The keys one press is known by: its message, and the client's id for the press when given. */
export function panicKeys({
  userId,
  messageId,
  deduplicationId,
}: {
  userId: string;
  messageId: string;
  deduplicationId?: string;
}): string[] {
  return [`message:${messageId}`, ...(deduplicationId ? [`client:${userId}:${deduplicationId}`] : [])];
}

/**
 * Spec §5 duplicate suppression, decided by one statement in the database so it holds across
 * processes: each key's row is inserted, or re-stamped only if its last accepted press is at
 * least DUPLICATE_PANIC_WINDOW_MS old. A key that returns no row was pressed within the window.
 * Two presses at once: the second INSERT waits on the first's row lock, then re-checks the WHERE
 * against the committed time and returns nothing. Keys are always written message first, client
 * second, so two presses never wait on each other in a cycle.
 * Returns true when every key was free (a new press); the caller rolls back otherwise.
 * Time is the injected clock, not the database's now() (docs/decisions/005).
 */
export async function claimPanicSlot({
  tx,
  keys,
  userId,
  now,
}: {
  tx: Tx;
  keys: string[];
  userId: string;
  now: Date;
}): Promise<boolean> {
  const windowStart = new Date(now.getTime() - DUPLICATE_PANIC_WINDOW_MS);
  const claimed = await tx
    .insert(panicDedupe)
    .values(keys.map((key) => ({ key, userId, triggeredAt: now })))
    .onConflictDoUpdate({
      target: panicDedupe.key,
      set: { triggeredAt: now, userId },
      setWhere: sql`${panicDedupe.triggeredAt} <= ${windowStart}`,
    })
    .returning({ key: panicDedupe.key });
  return claimed.length === keys.length;
}

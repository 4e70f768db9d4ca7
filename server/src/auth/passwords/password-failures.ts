import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Clock } from "../../clock.ts";
import type { Db } from "../../db/connect.ts";
import { passwordFailures } from "../../db/schema.ts";
import { backoffRemainingMs, FORGET_AFTER_MS } from "./backoff.ts";

/** Keyed by a hash of the address, known or not, so the limit cannot tell which addresses have accounts. */
export const passwordFailureKey = (email: string) =>
  crypto.createHash("sha256").update(`password-failures:${email.toLowerCase()}`).digest("hex");

/** Wrong recovery codes are counted per account in the same table (docs/decisions/026). */
export const recoveryCodeFailureKey = (userId: string) =>
  crypto.createHash("sha256").update(`recovery-code-failures:${userId}`).digest("hex");

/** How long (ms) a password try for this address must still wait. */
export async function passwordWaitMs({ db, clock, email }: { db: Db; clock: Clock; email: string }): Promise<number> {
  return failureWaitMs({ db, clock, keyHash: passwordFailureKey(email) });
}

/** Counts a wrong password for this address. */
export async function recordPasswordFailure({
  db,
  clock,
  email,
}: {
  db: Db;
  clock: Clock;
  email: string;
}): Promise<void> {
  await recordFailure({ db, clock, keyHash: passwordFailureKey(email) });
}

/** How long (ms) the next try under this key must still wait. */
export async function failureWaitMs({
  db,
  clock,
  keyHash,
}: {
  db: Db;
  clock: Clock;
  keyHash: string;
}): Promise<number> {
  const [row] = await db.select().from(passwordFailures).where(eq(passwordFailures.keyHash, keyHash));
  return row ? backoffRemainingMs(row.failures, row.lastFailedAt, clock.now()) : 0;
}

/** Counts a failure under this key (one atomic upsert, so parallel guesses all count). */
export async function recordFailure({ db, clock, keyHash }: { db: Db; clock: Clock; keyHash: string }): Promise<void> {
  const now = clock.now();
  const forgetBefore = new Date(now.getTime() - FORGET_AFTER_MS);
  await db
    .insert(passwordFailures)
    .values({ keyHash, failures: 1, lastFailedAt: now })
    .onConflictDoUpdate({
      target: passwordFailures.keyHash,
      set: {
        failures: sql`case when ${passwordFailures.lastFailedAt} < ${forgetBefore.toISOString()}::timestamptz then 1 else ${passwordFailures.failures} + 1 end`,
        lastFailedAt: now,
      },
    });
}

/** Forgets the failures under this key (after a right answer). */
export async function clearFailures({ db, keyHash }: { db: Db; keyHash: string }): Promise<void> {
  await db.delete(passwordFailures).where(eq(passwordFailures.keyHash, keyHash));
}

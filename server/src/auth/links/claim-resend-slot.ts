import crypto from "node:crypto";
import { eq, lt, sql } from "drizzle-orm";
import type { Clock } from "../../clock.ts";
import type { Db } from "../../db/connect.ts";
import { resendRequests } from "../../db/schema.ts";
import { MAIL_COOLDOWN_MS } from "../constants.ts";

/** Rows older than this are deleted at each request; the cooldown only ever reads the last minute. */
const FORGET_AFTER_MS = 60 * 60 * 1000;

/** Keyed by a hash of the type and the address, known or not: the key says nothing about accounts. */
const resendKey = (type: string, email: string) =>
  crypto.createHash("sha256").update(`resend:${type}:${email.toLowerCase()}`).digest("hex");

/**
 * One resend of a kind per address per MAIL_COOLDOWN_MS, decided by one statement so two
 * processes cannot both accept: the row is inserted, or re-stamped only if its last accepted
 * request is at least the cooldown old. Known and unknown addresses are treated alike, so
 * refusing with a wait (429) reveals only that someone asked for this address a moment ago.
 * Returns 0 when accepted, else how long (ms) until a resend is accepted.
 */
export async function claimResendSlot({
  db,
  clock,
  type,
  email,
}: {
  db: Db;
  clock: Clock;
  type: string;
  email: string;
}): Promise<number> {
  const now = clock.now();
  const keyHash = resendKey(type, email);
  await db.delete(resendRequests).where(lt(resendRequests.requestedAt, new Date(now.getTime() - FORGET_AFTER_MS)));
  const cooledBefore = new Date(now.getTime() - MAIL_COOLDOWN_MS);
  const accepted = await db
    .insert(resendRequests)
    .values({ keyHash, requestedAt: now })
    .onConflictDoUpdate({
      target: resendRequests.keyHash,
      set: { requestedAt: now },
      setWhere: sql`${resendRequests.requestedAt} <= ${cooledBefore.toISOString()}::timestamptz`,
    })
    .returning({ keyHash: resendRequests.keyHash });
  if (accepted.length > 0) return 0;
  const [last] = await db.select().from(resendRequests).where(eq(resendRequests.keyHash, keyHash));
  return last ? Math.max(1000, MAIL_COOLDOWN_MS - (now.getTime() - last.requestedAt.getTime())) : MAIL_COOLDOWN_MS;
}

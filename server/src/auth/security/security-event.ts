import { and, desc, eq, lt } from "drizzle-orm";
import type { Clock } from "../../clock.ts";
import type { Db } from "../../db/connect.ts";
import { securityEvents } from "../../db/schema.ts";

/** What the security log records (the web app words each one). */
export type SecurityEventKind =
  | "sign_in"
  | "sign_in_failed"
  | "mfa_failed"
  /** A wrong code while adding a second factor: not a sign-in attempt. */
  | "factor_code_failed"
  | "factor_added"
  | "factor_removed"
  | "factor_renamed"
  /** A passkey raised a session to aal2 (a passwordless sign-in is a `sign_in` with method passkey). */
  | "passkey_used"
  /** A passkey's answer refused; `reason` says why (origin, rp_id, challenge, counter, …), never the answer. */
  | "passkey_rejected"
  | "password_changed"
  | "email_change_requested"
  | "email_changed"
  | "session_ended"
  | "other_sessions_ended"
  | "account_exported"
  | "recovery_codes_created"
  | "recovery_code_used"
  | "sign_in_reported"
  | "identity_linked"
  /** Notifications turned on for a device: it holds a credential that can check in (docs/decisions/039). */
  | "push_device_added"
  /** Removed by the owner; a device its push service dropped goes without an entry (the owner is e-mailed if it was the last). */
  | "push_device_removed";

export interface RequestOrigin {
  ip?: string;
  userAgent?: string;
}

/** How long the log keeps an event; older ones are dropped when a new one is written. */
const KEEP_MS = 365 * 24 * 60 * 60 * 1000;

export async function recordSecurityEvent(opts: {
  db: Db;
  clock: Clock;
  userId: string;
  kind: SecurityEventKind;
  origin?: RequestOrigin;
  detail?: Record<string, string>;
}): Promise<void> {
  const now = opts.clock.now();
  await opts.db.insert(securityEvents).values({
    userId: opts.userId,
    kind: opts.kind,
    ip: opts.origin?.ip ?? null,
    userAgent: opts.origin?.userAgent?.slice(0, 512) ?? null,
    detail: opts.detail ?? {},
    createdAt: now,
  });
  await opts.db
    .delete(securityEvents)
    .where(
      and(eq(securityEvents.userId, opts.userId), lt(securityEvents.createdAt, new Date(now.getTime() - KEEP_MS))),
    );
}

export async function listSecurityEvents({ db, userId, limit }: { db: Db; userId: string; limit: number }) {
  return db
    .select()
    .from(securityEvents)
    .where(eq(securityEvents.userId, userId))
    .orderBy(desc(securityEvents.createdAt), desc(securityEvents.id))
    .limit(limit);
}

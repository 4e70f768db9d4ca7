import { and, eq, ne, sql } from "drizzle-orm";
import { identities, users } from "../../db/schema.ts";
import { syncProfileEmail } from "../../profiles/sync-profile-email.ts";
import type { AuthDeps, Tx } from "../auth-deps.ts";
import type { LinkType } from "../constants.ts";
import { consumeLinkToken, type LinkTokenRow } from "../links/link-token.ts";
import { recordSecurityEvent } from "../security/security-event.ts";
import { openSession } from "../sessions/open-session.ts";
import type { SessionResponse } from "../sessions/session-response.ts";
import type { UserRow } from "../users/load-user.ts";

const amrMethod: Record<LinkType, string> = { signup: "otp", recovery: "recovery", email_change: "email_change" };

/**
 * Follows an e-mailed link (GET /verify) or its POST equivalent: uses the token up, applies
 * what it stands for (confirm the account, prove ownership for a reset, switch to the new
 * address) and opens a session. Returns null for an unknown, used, expired or outdated token —
 * callers answer that without saying which.
 * `email`, when given (POST with token + email), must be the address the link was sent to.
 */
export async function verifyLink(
  deps: AuthDeps,
  input: { token: string; types: LinkType[]; email?: string; userAgent?: string; ip?: string },
): Promise<{ type: LinkType; session: SessionResponse } | null> {
  const result = await deps.db.transaction(async (tx) => {
    const row = await consumeLinkToken({ db: tx, clock: deps.clock, token: input.token, types: input.types });
    if (!row || (input.email !== undefined && row.relatesTo !== input.email)) return null;
    const [user] = await tx.select().from(users).where(eq(users.id, row.userId)).for("update");
    if (!user || !(await apply(deps, tx, row, user))) return null;
    const origin = { userAgent: input.userAgent, ip: input.ip };
    if (row.tokenType === "email_change") {
      await recordSecurityEvent({
        db: tx,
        clock: deps.clock,
        userId: user.id,
        kind: "email_changed",
        origin,
        detail: { from: user.email, to: row.relatesTo },
      });
    }
    const opened = await openSession(deps, tx, {
      userId: user.id,
      email: row.relatesTo,
      method: amrMethod[row.tokenType],
      origin,
    });
    return { type: row.tokenType, session: opened.response, notify: opened.notify };
  });
  result?.notify();
  return result && { type: result.type, session: result.session };
}

async function apply(deps: AuthDeps, tx: Tx, row: LinkTokenRow, user: UserRow): Promise<boolean> {
  const now = deps.clock.now();
  if (row.tokenType === "signup" || row.tokenType === "recovery") {
    // A link sent to an address the account no longer has proves nothing.
    if (row.relatesTo !== user.email) return false;
    // Following a recovery link also proves the mailbox, so it confirms an unconfirmed account.
    if (!user.emailConfirmedAt) {
      await tx.update(users).set({ emailConfirmedAt: now, updatedAt: now }).where(eq(users.id, user.id));
      await setIdentityEmail(tx, user.id, user.email, now);
    }
    return true;
  }
  // email_change: only the change still pending, and only if nobody took the address meanwhile.
  if (user.emailChange !== row.relatesTo) return false;
  const [taken] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${row.relatesTo}`, ne(users.id, user.id)));
  if (taken) return false;
  await tx
    .update(users)
    .set({ email: row.relatesTo, emailChange: null, emailChangeSentAt: null, emailConfirmedAt: now, updatedAt: now })
    .where(eq(users.id, user.id));
  await setIdentityEmail(tx, user.id, row.relatesTo, now);
  await syncProfileEmail({ db: tx, userId: user.id, email: row.relatesTo });
  return true;
}

async function setIdentityEmail(tx: Tx, userId: string, email: string, now: Date): Promise<void> {
  await tx
    .update(identities)
    .set({
      identityData: sql`${identities.identityData} || ${JSON.stringify({ email, email_verified: true })}::jsonb`,
      updatedAt: now,
    })
    .where(and(eq(identities.userId, userId), eq(identities.provider, "email")));
}

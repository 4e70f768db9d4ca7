import type { SignInAlert, SignInAlertResult } from "@trigger-switch/contracts";
import { and, eq, gt, isNull } from "drizzle-orm";
import { knownDevices, sessions, signInAlerts, users } from "../../db/schema.ts";
import type { AuthDeps, Tx } from "../auth-deps.ts";
import { requestRecovery } from "../flows/request-recovery.ts";
import { GoTrueError, validationFailed } from "../gotrue-error.ts";
import { endSessions } from "../sessions/end-sessions.ts";
import { createOpaqueToken, hashToken } from "../tokens/opaque-token.ts";
import { recordSecurityEvent, type RequestOrigin } from "./security-event.ts";

/** How long the "This wasn't me" link of a new-device mail works. */
export const SIGN_IN_ALERT_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** Stores the link token for a new-device mail; returns the page address the mail links to. */
export async function createSignInAlert(
  deps: AuthDeps,
  tx: Tx,
  input: { userId: string; sessionId: string; device: string; ip?: string },
): Promise<string> {
  const now = deps.clock.now();
  const { token, hash } = createOpaqueToken();
  await tx.insert(signInAlerts).values({
    tokenHash: hash,
    userId: input.userId,
    sessionId: input.sessionId,
    device: input.device,
    ip: input.ip ?? null,
    expiresAt: new Date(now.getTime() + SIGN_IN_ALERT_LIFETIME_MS),
    createdAt: now,
  });
  // In the fragment: it never reaches a server log or a Referer header.
  return `${deps.config.SITE_URL}/report-sign-in#token=${token}`;
}

/** POST /sign-in-alert {token}: what the link is about, for the page to show before acting. */
export async function readSignInAlert(deps: AuthDeps, body: Record<string, unknown>): Promise<SignInAlert> {
  const alert = await findAlert(deps, body);
  const [session] = await deps.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, alert.sessionId), isNull(sessions.revokedAt)));
  return {
    device: alert.device,
    ip: alert.ip,
    signed_in_at: alert.createdAt.toISOString(),
    session_active: session !== undefined,
    handled: alert.usedAt !== null,
  };
}

/**
 * POST /sign-in-alert/act {token, scope}: the owner says a sign-in was not theirs (decision 026).
 * `session` ends that session. `all` ends every session, forgets every known browser (they skip
 * the password back-off), removes the password so whoever knows it cannot sign in again, and
 * mails a reset link. The mailbox holder may do this without signing in: the link proves the
 * mailbox, which could reset the password anyway.
 */
export async function actOnSignInAlert(
  deps: AuthDeps,
  input: { body: Record<string, unknown>; origin: RequestOrigin },
): Promise<SignInAlertResult> {
  const scope = input.body.scope;
  if (scope !== "session" && scope !== "all") throw validationFailed("scope must be session or all");
  const alert = await findAlert(deps, input.body);
  const now = deps.clock.now();
  const result = await deps.db.transaction(async (tx) => {
    // The link works once: a second click (or a replay) finds nothing.
    const [taken] = await tx
      .update(signInAlerts)
      .set({ usedAt: now })
      .where(and(eq(signInAlerts.tokenHash, alert.tokenHash), isNull(signInAlerts.usedAt)))
      .returning({ userId: signInAlerts.userId });
    if (!taken)
      throw new GoTrueError(
        403,
        "otp_expired",
        "This link was already used. Sign in and check your sessions in your profile's Security section.",
      );
    if (scope === "session") {
      const ended = await endSessions({
        db: tx,
        clock: deps.clock,
        userId: alert.userId,
        sessionId: alert.sessionId,
        scope: "local",
      });
      await recordSecurityEvent({
        db: tx,
        clock: deps.clock,
        userId: alert.userId,
        kind: "sign_in_reported",
        origin: input.origin,
        detail: { device: alert.device, ended: "that session" },
      });
      return { ended, email: null };
    }
    const ended = await endSessions({
      db: tx,
      clock: deps.clock,
      userId: alert.userId,
      sessionId: alert.sessionId,
      scope: "global",
    });
    await tx.delete(knownDevices).where(eq(knownDevices.userId, alert.userId));
    const [user] = await tx
      .update(users)
      .set({ encryptedPassword: null, updatedAt: now })
      .where(eq(users.id, alert.userId))
      .returning({ email: users.email });
    await recordSecurityEvent({
      db: tx,
      clock: deps.clock,
      userId: alert.userId,
      kind: "sign_in_reported",
      origin: input.origin,
      detail: { device: alert.device, ended: "every session; password removed" },
    });
    return { ended, email: user?.email ?? null };
  });
  if (result.email) requestRecovery(deps, { body: { email: result.email }, redirectTo: undefined });
  return { ended: result.ended, password_reset_sent: result.email !== null };
}

async function findAlert(deps: AuthDeps, body: Record<string, unknown>) {
  if (typeof body.token !== "string" || body.token.length < 20 || body.token.length > 100)
    throw validationFailed("token is required: open the link from the e-mail");
  const [alert] = await deps.db
    .select()
    .from(signInAlerts)
    .where(and(eq(signInAlerts.tokenHash, hashToken(body.token)), gt(signInAlerts.expiresAt, deps.clock.now())));
  if (!alert)
    throw new GoTrueError(
      403,
      "otp_expired",
      "This link has expired or is not valid. Sign in and check your sessions in your profile's Security section, or reset your password from the sign-in page.",
    );
  return alert;
}

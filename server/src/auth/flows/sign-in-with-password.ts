import type { AuthDeps } from "../auth-deps.ts";
import { GoTrueError, invalidCredentials, validationFailed } from "../gotrue-error.ts";
import { describeWait } from "../passwords/backoff.ts";
import { verifyPassword } from "../passwords/hash-password.ts";
import { isKnownDevice, rememberDevice } from "../passwords/known-device.ts";
import { passwordWaitMs, recordPasswordFailure } from "../passwords/password-failures.ts";
import { recordSecurityEvent, type RequestOrigin } from "../security/security-event.ts";
import { openSession } from "../sessions/open-session.ts";
import type { SessionResponse } from "../sessions/session-response.ts";
import { findUserByEmail } from "../users/load-user.ts";
import { parseEmail } from "../users/parse-email.ts";

/**
 * `grant_type=password`. A wrong password and an unknown address get the same answer after the
 * same amount of work. "Email not confirmed" is only told to someone who knows the password.
 * Wrong passwords for one address back off (from any number of client addresses), except in a
 * browser that signed in to that account before, so a stranger cannot lock the owner out
 * (docs/decisions/017). Returns the Set-Cookie value that remembers this browser.
 */
export async function signInWithPassword(
  deps: AuthDeps,
  input: { body: Record<string, unknown>; origin: RequestOrigin; deviceToken?: string },
): Promise<{ session: SessionResponse; deviceCookie: string }> {
  const { body } = input;
  if (body.phone && !body.email) throw new GoTrueError(400, "phone_provider_disabled", "Phone logins are disabled");
  const email = parseEmail(body.email, "Email and password are required to sign in");
  if (typeof body.password !== "string" || body.password === "")
    throw validationFailed("Email and password are required to sign in");

  const user = await findUserByEmail({ db: deps.db, email });
  const waitMs = await passwordWaitMs({ db: deps.db, clock: deps.clock, email });
  if (waitMs > 0 && !(await isKnownDevice({ db: deps.db, token: input.deviceToken, userId: user?.id }))) {
    throw new GoTrueError(
      429,
      "over_request_rate_limit",
      `Too many wrong passwords for this address. Try again in ${describeWait(waitMs)}, or reset your password by e-mail to sign in now.`,
    );
  }

  const ok = await verifyPassword(user?.encryptedPassword, body.password);
  if (!user || !ok) {
    await recordPasswordFailure({ db: deps.db, clock: deps.clock, email });
    if (user)
      await recordSecurityEvent({
        db: deps.db,
        clock: deps.clock,
        userId: user.id,
        kind: "sign_in_failed",
        origin: input.origin,
        detail: { reason: "wrong_password" },
      });
    throw invalidCredentials();
  }
  if (!user.emailConfirmedAt) throw new GoTrueError(400, "email_not_confirmed", "Email not confirmed");
  if (user.bannedUntil && user.bannedUntil.getTime() > deps.clock.now().getTime())
    throw new GoTrueError(400, "user_banned", "User is banned");

  const opened = await deps.db.transaction(async (tx) => {
    const result = await openSession(deps, tx, {
      userId: user.id,
      email: user.email,
      method: "password",
      origin: input.origin,
    });
    const deviceCookie = await rememberDevice({
      db: tx,
      clock: deps.clock,
      token: input.deviceToken,
      userId: user.id,
      secure: deps.config.SITE_URL.startsWith("https:"),
    });
    return { ...result, deviceCookie };
  });
  opened.notify();
  return { session: opened.response, deviceCookie: opened.deviceCookie };
}

import { eq } from "drizzle-orm";
import { sessions, users } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import type { AuthDeps } from "../auth-deps.ts";
import { describeWait } from "../passwords/backoff.ts";
import { verifyPassword } from "../passwords/hash-password.ts";
import { passwordWaitMs, recordPasswordFailure } from "../passwords/password-failures.ts";
import { recordSecurityEvent, type RequestOrigin } from "../security/security-event.ts";
import { signedInRecently } from "../sessions/step-up.ts";

/**
 * Before an act that cannot be undone (deleting the account): the person at the keyboard proves
 * again who they are. An account with a password proves it with the password, however recent the
 * sign-in — the dialog asks for it, so it must be checked. Wrong ones count like wrong sign-ins
 * (the same per-address back-off and security log), so a session left open is no way to guess it.
 * An account without one (made through an OpenID provider) proves it by a sign-in within the last
 * 5 minutes, and its dialog asks for no password (docs/decisions/030).
 */
export async function confirmIdentity(
  deps: AuthDeps,
  input: { userId: string; sessionId: string; password?: string; origin?: RequestOrigin },
): Promise<void> {
  const [user] = await deps.db
    .select({ email: users.email, encryptedPassword: users.encryptedPassword })
    .from(users)
    .where(eq(users.id, input.userId));
  if (!user) throw new AppError("forbidden", "Please sign in again first.");

  if (!user.encryptedPassword) {
    // A password typed here cannot be checked (none is set, e.g. removed after "This wasn't me"): never ignore it in silence.
    if (input.password)
      throw new AppError("forbidden", "Your account has no password at the moment, so none can confirm this.", {
        password:
          "Your account has no password at the moment: leave this empty, since a sign-in within the last 5 minutes confirms it instead",
      });
    const [session] = await deps.db.select().from(sessions).where(eq(sessions.id, input.sessionId));
    if (session && session.userId === input.userId && signedInRecently({ session }, deps.clock)) return;
    throw new AppError(
      "forbidden",
      "Please sign in again first: deleting an account without a password needs a sign-in within the last 5 minutes.",
    );
  }

  if (!input.password)
    throw new AppError("forbidden", "Enter your current password to confirm.", {
      password: "Enter your current password",
    });
  const waitMs = await passwordWaitMs({ db: deps.db, clock: deps.clock, email: user.email });
  if (waitMs > 0) {
    const message = `Too many wrong passwords for this account. Try again in ${describeWait(waitMs)}.`;
    throw new AppError("rate_limited", message, { password: message });
  }
  if (await verifyPassword(user.encryptedPassword, input.password)) return;
  await recordPasswordFailure({ db: deps.db, clock: deps.clock, email: user.email });
  await recordSecurityEvent({
    db: deps.db,
    clock: deps.clock,
    userId: input.userId,
    kind: "sign_in_failed",
    origin: input.origin,
    detail: { reason: "delete_account" },
  });
  throw new AppError("forbidden", "Enter your current password to confirm.", {
    password: "This password is not right",
  });
}

import type { AuthDeps } from "../auth-deps.ts";
import { GoTrueError, invalidCredentials, validationFailed } from "../gotrue-error.ts";
import { verifyPassword } from "../passwords/hash-password.ts";
import { startSession } from "../sessions/start-session.ts";
import { sessionResponse, type SessionResponse } from "../sessions/session-response.ts";
import { findUserByEmail } from "../users/load-user.ts";
import { parseEmail } from "../users/parse-email.ts";

/**
 * `grant_type=password`. A wrong password and an unknown address get the same answer after the
 * same amount of work. "Email not confirmed" is only told to someone who knows the password.
 */
export async function signInWithPassword(
  deps: AuthDeps,
  input: { body: Record<string, unknown>; userAgent?: string; ip?: string },
): Promise<SessionResponse> {
  const { body } = input;
  if (body.phone && !body.email) throw new GoTrueError(400, "phone_provider_disabled", "Phone logins are disabled");
  const email = parseEmail(body.email, "Email and password are required to sign in");
  if (typeof body.password !== "string" || body.password === "") throw validationFailed("Email and password are required to sign in");

  const user = await findUserByEmail({ db: deps.db, email });
  const ok = await verifyPassword(user?.encryptedPassword, body.password);
  if (!user || !ok) throw invalidCredentials();
  if (!user.emailConfirmedAt) throw new GoTrueError(400, "email_not_confirmed", "Email not confirmed");
  if (user.bannedUntil && user.bannedUntil.getTime() > deps.clock.now().getTime()) throw new GoTrueError(400, "user_banned", "User is banned");

  return deps.db.transaction(async (tx) => {
    const started = await startSession({ db: tx, clock: deps.clock, userId: user.id, method: "password", userAgent: input.userAgent, ip: input.ip });
    return sessionResponse({ deps, db: tx, userId: user.id, session: started.session, refreshToken: started.refreshToken });
  });
}

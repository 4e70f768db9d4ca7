import { and, eq, ne, sql } from "drizzle-orm";
import { users } from "../../db/schema.ts";
import type { AuthDeps } from "../auth-deps.ts";
import { MAIL_COOLDOWN_MS } from "../constants.ts";
import { GoTrueError, validationFailed } from "../gotrue-error.ts";
import { authMail, verifyUrl } from "../links/auth-mail.ts";
import { createLinkToken, retireLinkTokens } from "../links/link-token.ts";
import { defaultRedirectPath, safeRedirect } from "../links/safe-redirect.ts";
import { checkPassword } from "../passwords/check-password.ts";
import { hashPassword, verifyPassword } from "../passwords/hash-password.ts";
import { recordSecurityEvent, type RequestOrigin } from "../security/security-event.ts";
import { securityMail } from "../security/security-mail.ts";
import { endSessions } from "../sessions/end-sessions.ts";
import { requireStepUp, signedInRecently } from "../sessions/step-up.ts";
import type { Authenticated } from "./authenticate-bearer.ts";
import { loadUser } from "../users/load-user.ts";
import { parseEmail } from "../users/parse-email.ts";
import { parseUserData } from "../users/parse-user-data.ts";
import { serializeUser } from "../users/serialize-user.ts";

/**
 * PUT /user for the signed-in user.
 * - `data` is merged into user_metadata (a key set to null is removed), as GoTrue does.
 * - `password` replaces the password and ends the user's OTHER sessions (GoTrue keeps them; we
 *   do not, so changing a password locks out whoever else holds a session).
 * - `email` does not change the address yet: a link goes to the new address (and a notice to the
 *   old one); the change happens when the link is followed.
 * On an account with a second factor, changing e-mail or password needs aal2; a new password
 * also needs the current one, or a sign-in within the last 5 minutes (a recovery link is one).
 */
export async function updateUser(
  deps: AuthDeps,
  input: { auth: Authenticated; body: Record<string, unknown>; redirectTo: unknown; origin: RequestOrigin },
): Promise<Record<string, unknown>> {
  const { body, auth } = input;
  const userId = auth.user.id;
  if (typeof body.phone === "string" && body.phone !== "")
    throw new GoTrueError(422, "phone_provider_disabled", "Phone numbers are not supported");
  const data = body.data === undefined ? undefined : parseUserData(body.data);
  const password =
    body.password === undefined || body.password === null
      ? undefined
      : checkPassword(body.password, deps.config.PASSWORD_MIN_LENGTH, "Password update requires a valid password");
  const email =
    body.email === undefined || body.email === null || body.email === ""
      ? undefined
      : parseEmail(body.email, "Email update requires a valid email");
  if (password !== undefined || email !== undefined) requireStepUp(auth);
  const currentPassword =
    typeof body.current_password === "string" && body.current_password !== "" ? body.current_password : undefined;
  if (password !== undefined && currentPassword === undefined && !signedInRecently(auth, deps.clock)) {
    throw new GoTrueError(
      400,
      "reauthentication_needed",
      "To change your password, enter your current password (or sign in again: a sign-in in the last 5 minutes is enough).",
    );
  }
  const passwordHash = password === undefined ? undefined : await hashPassword(password);

  const outcome = await deps.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
    if (!user) throw new GoTrueError(404, "user_not_found", "User not found");
    const now = deps.clock.now();
    const changes: Partial<typeof users.$inferInsert> = { updatedAt: now };

    if (data) {
      const merged: Record<string, unknown> = { ...user.userMetadata, ...data };
      for (const [k, v] of Object.entries(data)) if (v === null) delete merged[k];
      changes.userMetadata = merged;
    }

    if (password !== undefined && passwordHash !== undefined) {
      if (currentPassword !== undefined && !(await verifyPassword(user.encryptedPassword, currentPassword))) {
        throw new GoTrueError(400, "current_password_mismatch", "Current password is incorrect");
      }
      if (await verifyPassword(user.encryptedPassword, password)) {
        throw new GoTrueError(422, "same_password", "New password should be different from the old password.");
      }
      changes.encryptedPassword = passwordHash;
      // An account made through a provider can sign in with e-mail and password from now on.
      const providers = (user.appMetadata.providers as string[] | undefined) ?? [];
      if (!providers.includes("email"))
        changes.appMetadata = { ...user.appMetadata, providers: [...providers, "email"] };
    }

    let mail: { to: string; old: string; token: string } | undefined;
    if (email !== undefined && email === user.email && user.emailChange) {
      // Asking for the current address again cancels a pending change.
      changes.emailChange = null;
      changes.emailChangeSentAt = null;
      await retireLinkTokens({ db: tx, clock: deps.clock, userId: user.id, type: "email_change" });
    } else if (email !== undefined && email !== user.email) {
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.email}) = ${email}`, ne(users.id, user.id)));
      if (taken)
        throw new GoTrueError(422, "email_exists", "A user with this email address has already been registered");
      const waitMs = user.emailChangeSentAt ? MAIL_COOLDOWN_MS - (now.getTime() - user.emailChangeSentAt.getTime()) : 0;
      if (waitMs > 0) {
        throw new GoTrueError(
          429,
          "over_email_send_rate_limit",
          `For security purposes, you can only request this after ${Math.ceil(waitMs / 1000)} seconds.`,
        );
      }
      changes.emailChange = email;
      changes.emailChangeSentAt = now;
      const token = await createLinkToken({
        db: tx,
        clock: deps.clock,
        userId: user.id,
        type: "email_change",
        relatesTo: email,
      });
      mail = { to: email, old: user.email, token };
    }

    await tx.update(users).set(changes).where(eq(users.id, user.id));
    if (changes.encryptedPassword) {
      await endSessions({ db: tx, clock: deps.clock, userId: user.id, sessionId: auth.sessionId, scope: "others" });
      await recordSecurityEvent({
        db: tx,
        clock: deps.clock,
        userId: user.id,
        kind: "password_changed",
        origin: input.origin,
      });
    }
    if (mail)
      await recordSecurityEvent({
        db: tx,
        clock: deps.clock,
        userId: user.id,
        kind: "email_change_requested",
        origin: input.origin,
        detail: { to: mail.to },
      });
    return {
      mail,
      passwordChanged: changes.encryptedPassword !== undefined,
      email: user.email,
      user: await loadUser({ db: tx, userId: user.id }),
    };
  });

  const { mail } = outcome;
  if (outcome.passwordChanged) {
    const notice = securityMail(
      outcome.email,
      { kind: "password_changed", at: deps.clock.now() },
      deps.config.SITE_URL,
    );
    deps.background.run("password change notice", () => deps.mailer.send(notice));
  }
  if (mail) {
    const url = verifyUrl(
      deps.config.SITE_URL,
      mail.token,
      "email_change",
      safeRedirect(input.redirectTo, deps.config.SITE_URL, defaultRedirectPath.email_change),
    );
    deps.background.run("e-mail change confirmation", () => deps.mailer.send(authMail("email_change", mail.to, url)));
    deps.background.run("e-mail change notice", () =>
      deps.mailer.send(authMail("email_change_notice", mail.old, undefined, mail.to)),
    );
  }
  if (!outcome.user) throw validationFailed("User not found");
  return serializeUser(outcome.user);
}

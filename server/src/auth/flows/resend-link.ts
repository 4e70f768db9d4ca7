import { eq } from "drizzle-orm";
import { users } from "../../db/schema.ts";
import type { AuthDeps } from "../auth-deps.ts";
import { MAIL_COOLDOWN_MS } from "../constants.ts";
import { validationFailed } from "../gotrue-error.ts";
import { authMail, verifyUrl } from "../links/auth-mail.ts";
import { createLinkToken } from "../links/link-token.ts";
import { defaultRedirectPath, safeRedirect } from "../links/safe-redirect.ts";
import { findUserByEmail } from "../users/load-user.ts";
import { parseEmail } from "../users/parse-email.ts";

/**
 * POST /resend: the sign-up confirmation again (`signup`, for an account not yet confirmed), or
 * the pending e-mail change's link again (`email_change`, `email` being the current address).
 * Like /recover it answers {} at once whatever the address, and does the work in the background;
 * at most one mail of a kind per account per MAIL_COOLDOWN_MS. A new link retires the old one.
 */
export function resendLink(deps: AuthDeps, input: { body: Record<string, unknown>; redirectTo: unknown }): void {
  const type = input.body.type;
  if (type !== "signup" && type !== "email_change")
    throw validationFailed("type must be signup or email_change (phone codes are not sent by this server)");
  const email = parseEmail(input.body.email, "Resending needs the email address");
  const redirectTo = safeRedirect(input.redirectTo, deps.config.SITE_URL, defaultRedirectPath[type]);

  deps.background.run(`${type} link resend`, async () => {
    const mail = await deps.db.transaction(async (tx) => {
      const user = await findUserByEmail({ db: tx, email, forUpdate: true });
      if (!user) return null;
      const now = deps.clock.now();
      const cooled = (sentAt: Date | null) => !sentAt || now.getTime() - sentAt.getTime() >= MAIL_COOLDOWN_MS;
      if (type === "signup") {
        if (user.emailConfirmedAt || !cooled(user.confirmationSentAt)) return null;
        await tx.update(users).set({ confirmationSentAt: now, updatedAt: now }).where(eq(users.id, user.id));
        const token = await createLinkToken({
          db: tx,
          clock: deps.clock,
          userId: user.id,
          type: "signup",
          relatesTo: user.email,
        });
        return authMail("signup", user.email, verifyUrl(deps.config.SITE_URL, token, "signup", redirectTo));
      }
      if (!user.emailChange || !cooled(user.emailChangeSentAt)) return null;
      await tx.update(users).set({ emailChangeSentAt: now, updatedAt: now }).where(eq(users.id, user.id));
      const token = await createLinkToken({
        db: tx,
        clock: deps.clock,
        userId: user.id,
        type: "email_change",
        relatesTo: user.emailChange,
      });
      return authMail(
        "email_change",
        user.emailChange,
        verifyUrl(deps.config.SITE_URL, token, "email_change", redirectTo),
      );
    });
    if (mail) await deps.mailer.send(mail);
  });
}

import { eq } from "drizzle-orm";
import { users } from "../../db/schema.ts";
import type { AuthDeps } from "../auth-deps.ts";
import { GoTrueError, validationFailed } from "../gotrue-error.ts";
import { authMail, verifyUrl } from "../links/auth-mail.ts";
import { claimResendSlot } from "../links/claim-resend-slot.ts";
import { createLinkToken } from "../links/link-token.ts";
import { defaultRedirectPath, safeRedirect } from "../links/safe-redirect.ts";
import { findUserByEmail } from "../users/load-user.ts";
import { parseEmail } from "../users/parse-email.ts";

/**
 * POST /resend: the sign-up confirmation again (`signup`, for an account not yet confirmed), or
 * the pending e-mail change's link again (`email_change`, `email` being the current address).
 * At most one resend of a kind per address a minute (`claimResendSlot`, counted alike for every
 * address, registered or not); within it the answer is GoTrue's 429 over_email_send_rate_limit
 * "For security purposes, you can only request this after N seconds." and nothing is sent.
 * Otherwise {} at once whatever the address, and the work in the background: an account that is
 * waiting gets a fresh link (the old one retires) even within a minute of its sign-up mail, so
 * the answer the web app reads as "sent" is true (docs/decisions/032-sign-in-says-what-happened.md).
 */
export async function resendLink(
  deps: AuthDeps,
  input: { body: Record<string, unknown>; redirectTo: unknown },
): Promise<void> {
  const type = input.body.type;
  if (type !== "signup" && type !== "email_change")
    throw validationFailed("type must be signup or email_change (phone codes are not sent by this server)");
  const email = parseEmail(input.body.email, "Resending needs the email address");
  const redirectTo = safeRedirect(input.redirectTo, deps.config.SITE_URL, defaultRedirectPath[type]);
  const waitMs = await claimResendSlot({ db: deps.db, clock: deps.clock, type, email });
  if (waitMs > 0)
    throw new GoTrueError(
      429,
      "over_email_send_rate_limit",
      `For security purposes, you can only request this after ${Math.ceil(waitMs / 1000)} seconds.`,
    );

  deps.background.run(`${type} link resend`, async () => {
    const mail = await deps.db.transaction(async (tx) => {
      const user = await findUserByEmail({ db: tx, email, forUpdate: true });
      if (!user) return null;
      const now = deps.clock.now();
      if (type === "signup") {
        if (user.emailConfirmedAt) return null;
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
      if (!user.emailChange) return null;
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

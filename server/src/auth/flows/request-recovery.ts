import { eq } from "drizzle-orm";
import { users } from "../../db/schema.ts";
import type { AuthDeps } from "../auth-deps.ts";
import { MAIL_COOLDOWN_MS } from "../constants.ts";
import { authMail, verifyUrl } from "../links/auth-mail.ts";
import { createLinkToken } from "../links/link-token.ts";
import { defaultRedirectPath, safeRedirect } from "../links/safe-redirect.ts";
import { findUserByEmail } from "../users/load-user.ts";
import { parseEmail } from "../users/parse-email.ts";

/**
 * POST /recover. Answers the same way, at the same speed, whether or not the address has an
 * account: only the format is checked before answering; looking the account up, creating the
 * link and sending the mail happen in the background. At most one mail per account per
 * MAIL_COOLDOWN_MS; extra requests are silently dropped (a 429 would reveal the account).
 */
export function requestRecovery(deps: AuthDeps, input: { body: Record<string, unknown>; redirectTo: unknown }): void {
  const email = parseEmail(input.body.email, "Password recovery requires an email");
  const redirectTo = safeRedirect(input.redirectTo, deps.config.SITE_URL, defaultRedirectPath.recovery);

  deps.background.run("password recovery mail", async () => {
    const token = await deps.db.transaction(async (tx) => {
      const user = await findUserByEmail({ db: tx, email, forUpdate: true });
      const now = deps.clock.now();
      if (!user || (user.recoverySentAt && now.getTime() - user.recoverySentAt.getTime() < MAIL_COOLDOWN_MS))
        return null;
      await tx.update(users).set({ recoverySentAt: now, updatedAt: now }).where(eq(users.id, user.id));
      return createLinkToken({ db: tx, clock: deps.clock, userId: user.id, type: "recovery", relatesTo: user.email });
    });
    if (token)
      await deps.mailer.send(
        authMail("recovery", email, verifyUrl(deps.config.SITE_URL, token, "recovery", redirectTo)),
      );
  });
}

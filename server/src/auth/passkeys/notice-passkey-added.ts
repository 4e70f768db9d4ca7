import type { AuthDeps } from "../auth-deps.ts";
import { securityMail } from "../security/security-mail.ts";

/** The owner hears of every new second factor, a passkey included (a stolen password could add one). */
export function noticePasskeyAdded(deps: AuthDeps, email: string, name: string): void {
  const notice = securityMail(
    email,
    { kind: "factor_added", factorName: name, at: deps.clock.now() },
    deps.config.SITE_URL,
  );
  deps.background.run("factor added notice", () => deps.mailer.send(notice));
}

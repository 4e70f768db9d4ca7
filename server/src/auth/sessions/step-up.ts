import type { Clock } from "../../clock.ts";
import { RECENT_SIGN_IN_MS } from "../constants.ts";
import type { Authenticated } from "../flows/authenticate-bearer.ts";
import { GoTrueError } from "../gotrue-error.ts";

export const INSUFFICIENT_AAL_MESSAGE =
  "Confirm it is you with your passkey, or the code from your authenticator app or phone, first: this account is protected by a second factor.";

/** True when the account has a verified factor and this session has not proved it (aal1). */
export function needsStepUp(auth: Pick<Authenticated, "aal" | "hasVerifiedFactor">): boolean {
  return auth.hasVerifiedFactor && auth.aal !== "aal2";
}

/** GoTrue's 403 `insufficient_aal` for a sensitive change made at aal1 on an account with a factor. */
export function requireStepUp(auth: Pick<Authenticated, "aal" | "hasVerifiedFactor">): void {
  if (needsStepUp(auth)) throw new GoTrueError(403, "insufficient_aal", INSUFFICIENT_AAL_MESSAGE);
}

/** The session proved something (password, link, code, provider) within RECENT_SIGN_IN_MS. */
export function signedInRecently(auth: Pick<Authenticated, "session">, clock: Clock): boolean {
  const now = clock.now().getTime() / 1000;
  return auth.session.amr.some((m) => now - m.timestamp <= RECENT_SIGN_IN_MS / 1000);
}

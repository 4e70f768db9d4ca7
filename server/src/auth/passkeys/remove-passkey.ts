import type { AuthDeps } from "../auth-deps.ts";
import { unenrollFactor } from "../factors/unenroll-factor.ts";
import type { Authenticated } from "../flows/authenticate-bearer.ts";
import type { RequestOrigin } from "../security/security-event.ts";
import { requireStepUp } from "../sessions/step-up.ts";
import { findOwnedPasskey } from "./find-owned-passkey.ts";

/**
 * DELETE /passkeys/{id}: the passkey stops working at once, for sign-in and step-up alike; it is
 * removed as any factor is (aal2 needed, logged, the owner e-mailed).
 */
export async function removePasskey(
  deps: AuthDeps,
  input: { auth: Authenticated; id: string; origin: RequestOrigin },
): Promise<void> {
  requireStepUp(input.auth);
  await findOwnedPasskey(deps.db, input.auth.user.id, input.id);
  await unenrollFactor(deps, { auth: input.auth, factorId: input.id, origin: input.origin });
}

import { and, eq } from "drizzle-orm";
import { mfaFactors, mfaRecoveryCodes } from "../../db/schema.ts";
import type { AuthDeps } from "../auth-deps.ts";
import type { Authenticated } from "../flows/authenticate-bearer.ts";
import { recordSecurityEvent, type RequestOrigin } from "../security/security-event.ts";
import { securityMail } from "../security/security-mail.ts";
import { requireStepUp } from "../sessions/step-up.ts";
import { findOwnedFactor } from "./find-owned-factor.ts";

/**
 * DELETE /factors/{id}. On an account with a verified factor this needs aal2, so a stolen
 * password cannot switch the second factor off. Sessions already at aal2 stay there. Removing
 * the last verified factor also removes the recovery codes.
 */
export async function unenrollFactor(
  deps: AuthDeps,
  input: { auth: Authenticated; factorId: string; origin: RequestOrigin },
): Promise<{ id: string }> {
  requireStepUp(input.auth);
  const removed = await deps.db.transaction(async (tx) => {
    const factor = await findOwnedFactor(tx, input.auth.user.id, input.factorId, true);
    await tx.delete(mfaFactors).where(eq(mfaFactors.id, factor.id));
    if (factor.status === "verified") {
      // Recovery codes stand in for a factor: with none left they would be a way around nothing.
      const [other] = await tx
        .select({ id: mfaFactors.id })
        .from(mfaFactors)
        .where(and(eq(mfaFactors.userId, input.auth.user.id), eq(mfaFactors.status, "verified")))
        .limit(1);
      if (!other) await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, input.auth.user.id));
      await recordSecurityEvent({
        db: tx,
        clock: deps.clock,
        userId: input.auth.user.id,
        kind: "factor_removed",
        origin: input.origin,
        detail: { factor: factor.friendlyName ?? factor.factorType, type: factor.factorType },
      });
    }
    return factor;
  });
  if (removed.status === "verified") {
    const notice = securityMail(
      input.auth.user.email,
      { kind: "factor_removed", factorName: removed.friendlyName ?? "Authenticator app", at: deps.clock.now() },
      deps.config.SITE_URL,
    );
    deps.background.run("factor removed notice", () => deps.mailer.send(notice));
  }
  return { id: removed.id };
}

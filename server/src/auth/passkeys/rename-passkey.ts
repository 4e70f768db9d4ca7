import { eq } from "drizzle-orm";
import { z } from "zod";
import { mfaFactors } from "../../db/schema.ts";
import type { AuthDeps } from "../auth-deps.ts";
import type { Authenticated } from "../flows/authenticate-bearer.ts";
import { isUniqueViolation } from "../flows/postgres-errors.ts";
import { GoTrueError, validationFailed } from "../gotrue-error.ts";
import { recordSecurityEvent, type RequestOrigin } from "../security/security-event.ts";
import { requireStepUp } from "../sessions/step-up.ts";
import { textProblem } from "../users/text-problem.ts";
import { findOwnedPasskey } from "./find-owned-passkey.ts";
import { passkeyItem, type PasskeyListItem } from "./list-passkeys.ts";

const renameBody = z.object({ friendly_name: z.string() });

/**
 * PATCH /passkeys/{id} {friendly_name}: at aal2, like every change to the account's factors, so a
 * stolen password cannot relabel the owner's passkeys to mislead them.
 */
export async function renamePasskey(
  deps: AuthDeps,
  input: { auth: Authenticated; id: string; body: Record<string, unknown>; origin: RequestOrigin },
): Promise<PasskeyListItem> {
  const parsed = renameBody.safeParse(input.body);
  if (!parsed.success) throw validationFailed("friendly_name is required: the passkey's new name");
  const name = parsed.data.friendly_name.trim();
  const problem = textProblem(name);
  if (problem) throw validationFailed(`The name must not contain ${problem}`);
  if (name === "" || name.length > 100) throw validationFailed("The name must be 1 to 100 characters");
  requireStepUp(input.auth);
  try {
    return await deps.db.transaction(async (tx) => {
      const factor = await findOwnedPasskey(tx, input.auth.user.id, input.id, true);
      const now = deps.clock.now();
      const [renamed] = await tx
        .update(mfaFactors)
        .set({ friendlyName: name, updatedAt: now })
        .where(eq(mfaFactors.id, factor.id))
        .returning();
      if (factor.friendlyName !== name) {
        await recordSecurityEvent({
          db: tx,
          clock: deps.clock,
          userId: input.auth.user.id,
          kind: "factor_renamed",
          origin: input.origin,
          detail: { factor: name, from: factor.friendlyName ?? "Passkey", type: "webauthn" },
        });
      }
      return passkeyItem(renamed!);
    });
  } catch (err) {
    if (isUniqueViolation(err))
      throw new GoTrueError(
        422,
        "mfa_factor_name_conflict",
        `You already have a factor named "${name}". Choose another name.`,
      );
    throw err;
  }
}

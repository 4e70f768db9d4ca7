import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/connect.ts";
import { mfaFactors } from "../../db/schema.ts";
import type { AuthDeps } from "../auth-deps.ts";
import { challengeFactor } from "../factors/challenge-factor.ts";
import { enrollFactor } from "../factors/enroll-factor.ts";
import { GoTrueError } from "../gotrue-error.ts";
import type { Authenticated } from "../flows/authenticate-bearer.ts";
import { describeDevice } from "../security/describe-device.ts";
import type { RequestOrigin } from "../security/security-event.ts";

/**
 * POST /passkeys/registration/options (auth-js `registerPasskey`): starts adding a passkey as a
 * webauthn factor (the same rules as any factor: aal2 first on an account that has one) named
 * after the browser it is made in, e.g. "Passkey on Chrome on macOS"; renamed later in Security.
 */
export async function startPasskeyRegistration(
  deps: AuthDeps,
  input: { auth: Authenticated; origin: RequestOrigin },
): Promise<{ challenge_id: string; options: unknown; expires_at: number }> {
  const name = await freeName(deps.db, input.auth.user.id, `Passkey on ${describeDevice(input.origin.userAgent)}`);
  const factor = await enrollFactor(deps, {
    auth: input.auth,
    body: { factor_type: "webauthn", friendly_name: name },
  });
  const challenge = await challengeFactor(deps, {
    auth: input.auth,
    factorId: factor.id as string,
    body: {},
  }).catch((err: unknown) => {
    // Started again at once elsewhere: that start replaced this unfinished one under its name.
    if (err instanceof GoTrueError && err.errorCode === "mfa_factor_not_found")
      throw new GoTrueError(
        409,
        "conflict",
        "Adding a passkey was started again elsewhere (another tab or window), which replaced this one. Finish it there, or start again here.",
      );
    throw err;
  });
  const webauthn = challenge.webauthn as { credential_options: { publicKey: unknown } };
  return {
    challenge_id: challenge.id,
    options: webauthn.credential_options.publicKey,
    expires_at: challenge.expires_at,
  };
}

/** `base`, or `base (2)`, `base (3)`… whichever no verified factor of the account is called. */
async function freeName(db: Db, userId: string, base: string): Promise<string> {
  const rows = await db
    .select({ name: mfaFactors.friendlyName })
    .from(mfaFactors)
    .where(and(eq(mfaFactors.userId, userId), eq(mfaFactors.status, "verified")));
  const taken = new Set(rows.map((r) => r.name?.toLowerCase()));
  for (let n = 1; ; n += 1) {
    const name = n === 1 ? base : `${base} (${n})`;
    if (!taken.has(name.toLowerCase())) return name;
  }
}

import { lt } from "drizzle-orm";
import { passkeyChallenges } from "../../db/schema.ts";
import type { AuthDeps } from "../auth-deps.ts";
import { MFA_CHALLENGE_LIFETIME_MS } from "../constants.ts";
import { relyingPartyOf } from "./relying-party.ts";
import { newWebauthnChallenge, requestOptions } from "./webauthn-options.ts";

/**
 * POST /passkeys/authentication/options (auth-js `signInWithPasskey`): a challenge for whichever
 * passkey the browser offers, usable once within 5 minutes. Nobody is named, so the answer says
 * nothing about which addresses have accounts or passkeys.
 */
export async function startPasskeySignIn(
  deps: AuthDeps,
): Promise<{ challenge_id: string; options: unknown; expires_at: number }> {
  const now = deps.clock.now();
  const challenge = newWebauthnChallenge();
  const expiresAt = new Date(now.getTime() + MFA_CHALLENGE_LIFETIME_MS);
  // Challenges nobody answered are dropped as new ones are made (an hour on, well past their use).
  await deps.db.delete(passkeyChallenges).where(lt(passkeyChallenges.createdAt, new Date(now.getTime() - 3_600_000)));
  const [row] = await deps.db
    .insert(passkeyChallenges)
    .values({ challenge, expiresAt, createdAt: now })
    .returning({ id: passkeyChallenges.id });
  const options = await requestOptions({ rp: relyingPartyOf(deps.config.SITE_URL), challenge });
  return { challenge_id: row!.id, options, expires_at: Math.floor(expiresAt.getTime() / 1000) };
}

import { z } from "zod";
import { and, eq, ne } from "drizzle-orm";
import { mfaFactors } from "../../db/schema.ts";
import { GoTrueError } from "../gotrue-error.ts";
import type { FactorKind } from "../factors/factor-types.ts";
import { relyingPartyOf } from "./relying-party.ts";
import { creationOptions, newWebauthnChallenge, requestOptions } from "./webauthn-options.ts";

const challengeBody = z.object({ webauthn: z.object({ rpId: z.string().max(253).optional() }).optional() });

/**
 * A passkey (WebAuthn) as a second factor, in GoTrue's wire format (auth-js `mfa.webauthn`).
 * Enrolment stores nothing until the browser's new credential is verified; a challenge carries
 * the options the browser needs. Answers are checked in verify-webauthn-factor.ts, not by `check`.
 */
export const webauthnFactor: FactorKind = {
  amrMethod: "mfa/webauthn",
  async enroll() {
    return { columns: {}, answer: {} };
  },
  async challenge({ deps, body }) {
    // auth-js sends the page's host as rpId: a page elsewhere could not use the passkey, so say so now.
    const rp = relyingPartyOf(deps.config.SITE_URL);
    const asked = challengeBody.safeParse(body).data?.webauthn?.rpId;
    if (asked !== undefined && asked !== rp.id)
      throw new GoTrueError(
        422,
        "webauthn_rp_id_mismatch",
        `Passkeys here are made for ${rp.id}, not for ${asked}. Open Trigger Switch at ${rp.origin} and try again.`,
      );
    return { webauthnChallenge: newWebauthnChallenge() };
  },
  async challengeAnswer({ deps, user, factor, challenge }) {
    const rp = relyingPartyOf(deps.config.SITE_URL);
    if (factor.status === "verified") {
      return {
        webauthn: {
          type: "request",
          credential_options: { publicKey: await requestOptions({ rp, challenge, factor }) },
        },
      };
    }
    const others = await deps.db
      .select()
      .from(mfaFactors)
      .where(
        and(
          eq(mfaFactors.userId, user.id),
          eq(mfaFactors.factorType, "webauthn"),
          eq(mfaFactors.status, "verified"),
          ne(mfaFactors.id, factor.id),
        ),
      );
    const publicKey = await creationOptions({ rp, userId: user.id, email: user.email, challenge, others });
    return { webauthn: { type: "create", credential_options: { publicKey } } };
  },
  check() {
    return { ok: false };
  },
};

import { validationFailed } from "../gotrue-error.ts";
import { textProblem } from "../users/text-problem.ts";
import type { FactorKind } from "./factor-types.ts";
import { matchTotp, newTotp } from "./totp.ts";

/** An authenticator app (RFC 6238): the secret is shown once at enrolment, codes are checked locally. */
export const totpFactor: FactorKind = {
  amrMethod: "totp",
  async enroll({ deps, user, factorId, body }) {
    const issuer = issuerOf(body.issuer, deps.config.SITE_URL);
    const totp = await newTotp({ masterKeys: deps.masterKeys, factorId, issuer, account: user.email });
    return {
      columns: { secretKeyId: totp.secretKeyId, secretWrapped: totp.secretWrapped },
      answer: { totp: { qr_code: totp.qrSvg, secret: totp.secret, uri: totp.uri } },
    };
  },
  async challenge() {
    return {};
  },
  check({ deps, factor, code, now }) {
    const match = matchTotp({ masterKeys: deps.masterKeys, factor, code, now });
    if (match.kind === "right") return { ok: true, lastUsedStep: match.step };
    return { ok: false, alreadyUsed: match.kind === "used" };
  },
};

/** The name the authenticator app lists the account under: the one asked for, else the site's host. */
function issuerOf(value: unknown, siteUrl: string): string {
  if (value === undefined || value === null || value === "") return new URL(siteUrl).host;
  if (typeof value !== "string") throw validationFailed("issuer must be text");
  const issuer = value.trim();
  const problem = textProblem(issuer);
  if (problem) throw validationFailed(`issuer must not contain ${problem}`);
  if (issuer === "" || issuer.length > 100 || issuer.includes(":"))
    throw validationFailed("issuer must be 1 to 100 characters, without a colon");
  return issuer;
}

import type { FastifyInstance } from "fastify";
import type { AuthDeps } from "../auth-deps.ts";
import type { LinkType } from "../constants.ts";
import { verifyLink } from "../flows/verify-link.ts";
import { otpExpired, validationFailed } from "../gotrue-error.ts";
import { defaultRedirectPath, safeRedirect } from "../links/safe-redirect.ts";
import { parseEmail } from "../users/parse-email.ts";
import { bodyOf, clientInfo, queryParam, rateLimit } from "./request-helpers.ts";

/** `email` is what newer auth-js sends for an e-mail OTP; for us it means the sign-up link. */
const linkTypes: Record<string, LinkType[]> = {
  signup: ["signup"],
  email: ["signup"],
  recovery: ["recovery"],
  email_change: ["email_change"],
};

export function verifyRoutes(app: FastifyInstance, deps: AuthDeps): void {
  // The link in the e-mail. Note: following it uses the token up, so a mail scanner that
  // fetches links can spend it before the person clicks (see docs/decisions/001-auth.md).
  app.get(
    "/verify",
    { config: rateLimit({ max: 60, timeWindow: "5 minutes", errorCode: "over_request_rate_limit" }) },
    async (req, reply) => {
      const type = queryParam(req, "type") ?? "";
      const types = linkTypes[type];
      const fallback = types ? defaultRedirectPath[types[0]!] : defaultRedirectPath.signup;
      const target = safeRedirect(queryParam(req, "redirect_to"), deps.config.SITE_URL, fallback);
      const token = queryParam(req, "token");
      const result = token && types ? await verifyLink(deps, { token, types, ...clientInfo(req) }) : null;

      const fragment = result
        ? new URLSearchParams({
            access_token: result.session.access_token,
            expires_at: String(result.session.expires_at),
            expires_in: String(result.session.expires_in),
            refresh_token: result.session.refresh_token,
            token_type: "bearer",
            type: result.type,
          })
        : new URLSearchParams({
            error: "access_denied",
            error_code: "otp_expired",
            error_description: "Email link is invalid or has expired",
          });
      // Tokens travel in the fragment, which browsers never send to servers or in Referer headers.
      return reply
        .header("cache-control", "no-store")
        .header("referrer-policy", "no-referrer")
        .redirect(`${target}#${fragment.toString()}`, 303);
    },
  );

  // auth-js verifyOtp({ type, token_hash }) or ({ type, token, email }).
  app.post(
    "/verify",
    { config: rateLimit({ max: 30, timeWindow: "5 minutes", errorCode: "over_request_rate_limit" }) },
    async (req) => {
      const body = bodyOf(req);
      const types = typeof body.type === "string" ? linkTypes[body.type] : undefined;
      if (!types)
        throw validationFailed("Verify requires a verification type: signup, email, recovery or email_change");
      let result;
      if (typeof body.token_hash === "string" && body.token_hash !== "") {
        result = await verifyLink(deps, { token: body.token_hash, types, ...clientInfo(req) });
      } else if (typeof body.token === "string" && body.token !== "") {
        const email = parseEmail(body.email, "Verify with a token requires the email it was sent to");
        result = await verifyLink(deps, { token: body.token, types, email, ...clientInfo(req) });
      } else {
        throw validationFailed("Verify requires either a token_hash or a token and an email");
      }
      if (!result) throw otpExpired();
      return result.session;
    },
  );
}

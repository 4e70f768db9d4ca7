import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AuthDeps } from "../auth-deps.ts";
import { refreshSession } from "../flows/refresh-session.ts";
import { signInWithPassword } from "../flows/sign-in-with-password.ts";
import { GoTrueError } from "../gotrue-error.ts";
import { exchangeAuthCode } from "../oidc/exchange-auth-code.ts";
import { deviceTokenFrom } from "../passwords/known-device.ts";
import { bodyOf, clientInfo, queryParam, rateLimit } from "./request-helpers.ts";

const grantOf = (req: FastifyRequest) =>
  queryParam(req, "grant_type") === "refresh_token" ? "refresh_token" : "password";

export function tokenRoute(app: FastifyInstance, deps: AuthDeps): void {
  app.post(
    "/token",
    {
      // Password guesses and refreshes are counted apart: a household behind one address
      // refreshes often, while password attempts must stay few.
      config: rateLimit({
        max: (req) => (grantOf(req) === "password" ? 30 : 150),
        timeWindow: "5 minutes",
        errorCode: "over_request_rate_limit",
        keyGenerator: (req) => `${req.ip}:${grantOf(req)}`,
      }),
    },
    async (req, reply) => {
      const grant = queryParam(req, "grant_type");
      const body = bodyOf(req);
      if (grant === "password") {
        const { session, deviceCookie } = await signInWithPassword(deps, {
          body,
          origin: clientInfo(req),
          deviceToken: deviceTokenFrom(req.headers.cookie),
        });
        reply.header("set-cookie", deviceCookie);
        return session;
      }
      if (grant === "refresh_token") return refreshSession({ deps, refreshToken: body.refresh_token });
      if (grant === "pkce") return exchangeAuthCode(deps, { body, origin: clientInfo(req) });
      throw new GoTrueError(
        400,
        "validation_failed",
        "unsupported_grant_type: use grant_type=password, refresh_token or pkce",
      );
    },
  );
}

import type { FastifyInstance } from "fastify";
import type { AuthDeps } from "../auth-deps.ts";
import { signUp } from "../flows/sign-up.ts";
import { bodyOf, clientInfo, queryParam, rateLimit } from "./request-helpers.ts";

export function signupRoute(app: FastifyInstance, deps: AuthDeps): void {
  app.post(
    "/signup",
    { config: rateLimit({ max: 30, timeWindow: "10 minutes", errorCode: "over_email_send_rate_limit" }) },
    async (req) => signUp(deps, { body: bodyOf(req), redirectTo: queryParam(req, "redirect_to"), ...clientInfo(req) }),
  );
}

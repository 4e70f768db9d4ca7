import type { FastifyInstance } from "fastify";
import type { AuthDeps } from "../auth-deps.ts";
import { requestRecovery } from "../flows/request-recovery.ts";
import { bodyOf, queryParam, rateLimit } from "./request-helpers.ts";

export function recoverRoute(app: FastifyInstance, deps: AuthDeps): void {
  app.post(
    "/recover",
    { config: rateLimit({ max: 10, timeWindow: "15 minutes", errorCode: "over_email_send_rate_limit" }) },
    async (req) => {
      requestRecovery(deps, { body: bodyOf(req), redirectTo: queryParam(req, "redirect_to") });
      // The same empty answer whether or not the address has an account.
      return {};
    },
  );
}

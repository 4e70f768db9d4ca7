import type { FastifyPluginAsync } from "fastify";
import type { AuthDeps } from "../auth-deps.ts";
import { GoTrueError } from "../gotrue-error.ts";
import { gotrueErrorHandler } from "./gotrue-error-handler.ts";
import { accountSecurityRoutes } from "./account-security-routes.ts";
import { factorRoutes } from "./factor-routes.ts";
import { oidcRoutes } from "./oidc-routes.ts";
import { passkeyRoutes } from "./passkey-routes.ts";
import { publicRoutes } from "./public-routes.ts";
import { recoverRoute } from "./recover-route.ts";
import { recoveryRoutes } from "./recovery-routes.ts";
import { signupRoute } from "./signup-route.ts";
import { tokenRoute } from "./token-route.ts";
import { userRoutes } from "./user-routes.ts";
import { verifyRoutes } from "./verify-routes.ts";

/**
 * The GoTrue-compatible API, mounted by the app at /auth/v1. The `apikey` header that
 * Supabase's gateway demands is accepted and ignored (see docs/decisions/001-auth.md).
 */
export function authRoutes(deps: AuthDeps): FastifyPluginAsync {
  return async (app) => {
    app.setErrorHandler(gotrueErrorHandler);
    // auth-js sends `Content-Type: application/json` with no body on POST /logout; GoTrue takes
    // that as "no body", so do we. Non-empty bodies go through Fastify's own parser, which
    // also guards against __proto__ poisoning.
    const defaultJson = app.getDefaultJsonParser("error", "error");
    app.removeContentTypeParser("application/json");
    app.addContentTypeParser("application/json", { parseAs: "string" }, (req, body, done) => {
      const text = typeof body === "string" ? body : body.toString("utf8");
      if (text.trim() === "") return done(null, undefined);
      defaultJson(req, text, done);
    });
    app.setNotFoundHandler((_req, reply) =>
      reply.status(404).send(new GoTrueError(404, "not_found", "No such auth endpoint").toBody()),
    );
    // Session JSON and user data must never sit in a shared cache; routes that may be cached say so.
    app.addHook("onSend", async (_req, reply, payload) => {
      if (!reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
      return payload;
    });
    deps.background.useLogger(app.log);
    // Mails still being sent finish before the database closes.
    app.addHook("onClose", async () => deps.background.drain());

    publicRoutes(app, deps);
    signupRoute(app, deps);
    tokenRoute(app, deps);
    verifyRoutes(app, deps);
    recoverRoute(app, deps);
    userRoutes(app, deps);
    factorRoutes(app, deps);
    passkeyRoutes(app, deps);
    accountSecurityRoutes(app, deps);
    oidcRoutes(app, deps);
    recoveryRoutes(app, deps);
  };
}

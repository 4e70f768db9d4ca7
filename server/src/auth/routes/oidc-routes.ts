import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { AuthDeps } from "../auth-deps.ts";
import { finishOidcCallback } from "../oidc/finish-oidc-callback.ts";
import { startOidcSignIn, type AuthorizeQuery } from "../oidc/start-oidc-sign-in.ts";
import { rateLimit } from "./request-helpers.ts";

const text = z.string().max(2000).optional();

/** OpenID Connect sign-in (spec §7 "the OAuth sign-in URL"); decisions in docs/decisions/017. */
export function oidcRoutes(app: FastifyInstance, deps: AuthDeps): void {
  app.get(
    "/authorize",
    {
      config: rateLimit({ max: 60, timeWindow: "5 minutes", errorCode: "over_request_rate_limit" }),
      schema: {
        tags: ["auth"],
        summary: "Start signing in with an OpenID provider (302 to it, or { url } with skip_http_redirect=true)",
        querystring: z
          .object({
            provider: z.string().max(40),
            redirect_to: text,
            scopes: text,
            code_challenge: text,
            code_challenge_method: text,
            skip_http_redirect: text,
          })
          .catchall(z.string().max(2000)),
      },
    },
    async (req, reply) => {
      const query = req.query as AuthorizeQuery & { skip_http_redirect?: string };
      const url = await startOidcSignIn(deps, { query, userAgent: req.headers["user-agent"] });
      reply.header("referrer-policy", "no-referrer");
      if (query.skip_http_redirect === "true") return { url };
      return reply.redirect(url, 302);
    },
  );

  const callbackLimit = rateLimit({ max: 60, timeWindow: "5 minutes", errorCode: "over_request_rate_limit" });
  const finish = async (params: Record<string, string>, req: FastifyRequest, reply: FastifyReply) => {
    const target = await finishOidcCallback(deps, { query: params, ip: req.ip });
    // The code in the address must not leak to the next site through Referer. 303: the browser follows a POST with a GET.
    return reply.header("referrer-policy", "no-referrer").redirect(target, req.method === "POST" ? 303 : 302);
  };
  const params = z.object({}).catchall(z.string().max(4000));

  app.get(
    "/callback",
    {
      config: callbackLimit,
      schema: {
        tags: ["auth"],
        summary: "Where the OpenID provider returns the browser; redirects to the app",
        querystring: params,
      },
    },
    async (req, reply) => finish(req.query as Record<string, string>, req, reply),
  );

  // GoTrue's POST /callback: providers answering with response_mode=form_post (Apple, some Azure
  // set-ups) post code and state as a form. The flow is found by its state, not by a cookie, so
  // the cross-site POST needs nothing more.
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 16 * 1024 },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
  app.post(
    "/callback",
    {
      config: callbackLimit,
      schema: {
        tags: ["auth"],
        summary: "The same for providers that post their answer (response_mode=form_post)",
        body: params,
      },
    },
    async (req, reply) => finish(req.body as Record<string, string>, req, reply),
  );
}

import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AuthDeps } from "../auth-deps.ts";
import { createRecoveryCodes, readRecoveryCodes, useRecoveryCode } from "../factors/recovery-codes.ts";
import { authenticateBearer } from "../flows/authenticate-bearer.ts";
import { actOnSignInAlert, readSignInAlert } from "../security/sign-in-alert.ts";
import { bodyOf, clientInfo, rateLimit } from "./request-helpers.ts";

const security = [{ bearer: [] }];

/**
 * Our additions for getting back in and throwing an intruder out (docs/decisions/026): recovery
 * codes for a lost second factor, and the new-device mail's "This wasn't me" link.
 */
export function recoveryRoutes(app: FastifyInstance, deps: AuthDeps): void {
  app.get(
    "/user/recovery-codes",
    { schema: { tags: ["auth"], summary: "How many unused recovery codes I have (never the codes)", security } },
    async (req) => {
      const auth = await authenticateBearer(deps, req.headers.authorization);
      return readRecoveryCodes(deps, { auth });
    },
  );

  app.post(
    "/user/recovery-codes",
    {
      config: rateLimit({ max: 10, timeWindow: "15 minutes", errorCode: "over_request_rate_limit" }),
      schema: {
        tags: ["auth"],
        summary: "Make a new set of ten recovery codes (shown once; earlier ones stop working); needs aal2",
        security,
      },
    },
    async (req) => {
      const auth = await authenticateBearer(deps, req.headers.authorization);
      return createRecoveryCodes(deps, { auth, origin: clientInfo(req) });
    },
  );

  app.post(
    "/user/recovery-codes/verify",
    {
      config: rateLimit({ max: 30, timeWindow: "5 minutes", errorCode: "over_request_rate_limit" }),
      schema: {
        tags: ["auth"],
        summary: "Use a recovery code in place of the second factor: the session becomes aal2",
        security,
        body: z.object({ code: z.string().max(100) }),
      },
    },
    async (req) => {
      const auth = await authenticateBearer(deps, req.headers.authorization);
      return useRecoveryCode(deps, { auth, body: bodyOf(req), origin: clientInfo(req) });
    },
  );

  const alertLimit = rateLimit({ max: 20, timeWindow: "15 minutes", errorCode: "over_request_rate_limit" });
  app.post(
    "/sign-in-alert",
    {
      config: alertLimit,
      schema: {
        tags: ["auth"],
        summary: "What a new-device e-mail's \"This wasn't me\" link is about",
        body: z.object({ token: z.string().max(200) }),
      },
    },
    async (req) => readSignInAlert(deps, bodyOf(req)),
  );

  app.post(
    "/sign-in-alert/act",
    {
      config: alertLimit,
      schema: {
        tags: ["auth"],
        summary:
          '"This wasn\'t me": end that session, or every session (the password is removed and a reset link sent)',
        body: z.object({ token: z.string().max(200), scope: z.enum(["session", "all"]) }),
      },
    },
    async (req) => actOnSignInAlert(deps, { body: bodyOf(req), origin: clientInfo(req) }),
  );
}

import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AuthDeps } from "../auth-deps.ts";
import { challengeFactor } from "../factors/challenge-factor.ts";
import { enrollFactor } from "../factors/enroll-factor.ts";
import { unenrollFactor } from "../factors/unenroll-factor.ts";
import { verifyFactor } from "../factors/verify-factor.ts";
import { authenticateBearer } from "../flows/authenticate-bearer.ts";
import { bodyOf, clientInfo, rateLimit } from "./request-helpers.ts";

const params = z.object({ factorId: z.string().max(100) });
const security = [{ bearer: [] }];

/** Spec §7 factor calls (auth-js `mfa.*`); the shapes are GoTrue's. Details in docs/decisions/016. */
export function factorRoutes(app: FastifyInstance, deps: AuthDeps): void {
  app.post(
    "/factors",
    {
      config: rateLimit({ max: 20, timeWindow: "5 minutes", errorCode: "over_request_rate_limit" }),
      schema: {
        tags: ["auth"],
        summary: "Start enrolling a second factor (totp, phone or webauthn)",
        security,
        body: z
          .object({
            factor_type: z.string().max(20),
            friendly_name: z.string().max(1000).optional(),
            issuer: z.string().max(1000).optional(),
            phone: z.string().max(100).optional(),
          })
          .nullish(),
      },
    },
    async (req) => {
      const auth = await authenticateBearer(deps, req.headers.authorization);
      return enrollFactor(deps, { auth, body: bodyOf(req) });
    },
  );

  app.post(
    "/factors/:factorId/challenge",
    {
      config: rateLimit({ max: 30, timeWindow: "5 minutes", errorCode: "over_request_rate_limit" }),
      schema: {
        tags: ["auth"],
        summary: "Ask for a challenge to answer with a code",
        security,
        params,
        body: z
          .object({
            channel: z.enum(["sms", "whatsapp"]).optional(),
            webauthn: z
              .object({
                rpId: z.string().max(253).optional(),
                rpOrigins: z.array(z.string().max(300)).max(10).optional(),
              })
              .optional(),
          })
          .nullish(),
      },
    },
    async (req) => {
      const auth = await authenticateBearer(deps, req.headers.authorization);
      return challengeFactor(deps, {
        auth,
        factorId: (req.params as { factorId: string }).factorId,
        body: bodyOf(req),
      });
    },
  );

  app.post(
    "/factors/:factorId/verify",
    {
      config: rateLimit({ max: 30, timeWindow: "5 minutes", errorCode: "over_request_rate_limit" }),
      schema: {
        tags: ["auth"],
        summary:
          "Answer a challenge (a code, or a passkey's webauthn answer); the session becomes aal2 and new tokens come back",
        security,
        params,
        body: z
          .object({
            challenge_id: z.string().max(100),
            code: z.string().max(20).optional(),
            webauthn: z
              .looseObject({ type: z.enum(["create", "request"]), credential_response: z.looseObject({}) })
              .optional(),
          })
          .refine((b) => b.code !== undefined || b.webauthn !== undefined, {
            message: "code is required (or webauthn, for a passkey)",
          }),
      },
    },
    async (req) => {
      const auth = await authenticateBearer(deps, req.headers.authorization);
      return verifyFactor(deps, {
        auth,
        factorId: (req.params as { factorId: string }).factorId,
        body: bodyOf(req),
        origin: clientInfo(req),
      });
    },
  );

  app.delete(
    "/factors/:factorId",
    {
      config: rateLimit({ max: 30, timeWindow: "5 minutes", errorCode: "over_request_rate_limit" }),
      schema: {
        tags: ["auth"],
        summary: "Remove a factor (aal2 needed when the account has a verified one)",
        security,
        params,
      },
    },
    async (req) => {
      const auth = await authenticateBearer(deps, req.headers.authorization);
      return unenrollFactor(deps, {
        auth,
        factorId: (req.params as { factorId: string }).factorId,
        origin: clientInfo(req),
      });
    },
  );
}

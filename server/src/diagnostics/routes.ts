import { messageDiagnosticSchema, serviceDiagnosticSchema } from "@trigger-switch/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { tokenRateLimit } from "../access/token-rate-limit.ts";
import { AppError, notFound } from "../errors.ts";
import type { AppDeps } from "../app-deps.ts";
import { readOwnerMessageDiagnostic } from "./read-owner-message-diagnostic.ts";
import { readRecipientMessageDiagnostic } from "./read-recipient-message-diagnostic.ts";
import { readServiceDiagnostic } from "./read-service-diagnostic.ts";

const tags = ["diagnostics"];
/** One answer for every caller who may not see a message's diagnostics, so ids and tokens reveal nothing. */
export const NO_DIAGNOSTIC = "No diagnostic is available for this message.";

/**
 * Public routes (spec §2 /diagnostic pages). The message route serves three callers: `?t=` an
 * access token → the recipient's view (checked first, rate-limited like /api/access); else a
 * bearer token of the owner → the whole timeline; anyone else → the same 404.
 */
export const diagnosticRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;
  const { clock } = deps;
  const perToken = tokenRateLimit({ max: 60, windowMs: 60_000 });

  app.get(
    "/diagnostic",
    {
      schema: {
        tags,
        summary: "Service status: database, engine heartbeat, queue, mail (no personal data)",
        response: { 200: serviceDiagnosticSchema, 503: serviceDiagnosticSchema },
      },
    },
    async (_req, reply) => {
      const status = await readServiceDiagnostic({
        database: deps.database,
        clock,
        config: deps.config,
        mailTransport: deps.mailer.kind,
      });
      return reply
        .status(status.database.ok ? 200 : 503)
        .header("Cache-Control", "no-store")
        .send(status);
    },
  );

  app.get(
    "/diagnostic/message/:id",
    {
      config: { rateLimit: { max: 60, timeWindow: "1 minute" } },
      schema: {
        tags,
        summary: "A message's timeline (owner, bearer) or its release state (recipient, ?t=)",
        params: z.object({ id: z.string() }),
        querystring: z.object({ t: z.string().optional() }),
        response: { 200: messageDiagnosticSchema },
      },
    },
    async (req, reply) => {
      reply.header("Cache-Control", "no-store").header("Referrer-Policy", "no-referrer");
      const { t } = req.query;
      try {
        if (t) {
          perToken(t);
          return await readRecipientMessageDiagnostic({ db, clock, messageId: req.params.id, token: t });
        }
        const user = await deps.auth.authenticate(req.headers.authorization);
        return await readOwnerMessageDiagnostic({
          db,
          clock,
          masterKeys: deps.masterKeys,
          userId: user.id,
          messageId: req.params.id,
        });
      } catch (err) {
        if (err instanceof AppError && (err.code === "not_found" || err.code === "unauthorized"))
          throw notFound(NO_DIAGNOSTIC);
        throw err;
      }
    },
  );
};

import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../http/app.ts";
import { requireUser } from "../http/authenticate.ts";
import { apiErrorHandler } from "../http/errors.ts";
import { security } from "../http/route-schemas.ts";
import { runEngineTick } from "./run-engine-tick.ts";

const sendReminderEmailsBody = z
  .object({
    debug: z.boolean().optional(),
    /** Accepted for the spec's wire format; nothing is ever sent before its time (default false). */
    forceSend: z.boolean().default(false),
    source: z.string().max(100).optional(),
    action: z.literal("process"),
  })
  .strict();

/**
 * /functions/v1: the spec's functions (§7). send-reminder-emails runs one engine tick now: the
 * same claims and checks as the background loop, so calling it can never send twice or early.
 */
export const functionRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.setErrorHandler(apiErrorHandler);
  app.decorateRequest("authUser", null);
  app.addHook("preHandler", requireUser(deps.auth));
  app.post(
    "/send-reminder-emails",
    {
      config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
      schema: { tags: ["functions"], security, summary: "Process due reminders and deliveries now", body: sendReminderEmailsBody, response: { 200: z.object({ success: z.boolean(), error: z.string().nullable(), processed: z.number() }) } },
    },
    async (req) => {
      const { database, clock, mailer, config, masterKeys } = deps;
      const result = await runEngineTick({ db: database.db, clock, mailer, config, masterKeys, log: req.log });
      return { success: true, error: null, processed: result.claimed };
    },
  );
};

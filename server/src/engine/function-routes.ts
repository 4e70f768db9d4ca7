import {
  mapboxTokenResponse,
  sendMessageNotificationsBody,
  sendMessageNotificationsResponse,
} from "@trigger-switch/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { tellOwnerByNotice } from "../channels/delivery/tell-owner.ts";
import type { AppDeps } from "../app-deps.ts";
import { emergencyAnswer } from "../emergency/emergency-answer.ts";
import { triggerEmergency } from "../emergency/trigger-emergency.ts";
import { currentUser, requireUser } from "../http/authenticate.ts";
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
 * same claims and checks as the background loop, so calling it can never send twice or early. A
 * user's call handles only their own due work and counts only that; an admin's runs the whole
 * queue (docs/decisions/011).
 * send-message-notifications is the emergency button (docs/decisions/008); get-mapbox-token
 * hands the web app the configured token.
 */
export const functionRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.setErrorHandler(apiErrorHandler);
  app.decorateRequest("authUser", null);
  app.addHook("preHandler", requireUser(deps.auth));
  app.post(
    "/send-reminder-emails",
    {
      config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
      schema: {
        tags: ["functions"],
        security,
        summary: "Process my due reminders and deliveries now",
        description:
          "processed: how many of the caller's own due reminders and deliveries this call handled (for an admin: of everyone's).",
        body: sendReminderEmailsBody,
        response: { 200: z.object({ success: z.boolean(), error: z.string().nullable(), processed: z.number() }) },
      },
    },
    async (req) => {
      const { database, clock, mailer, channels, config, masterKeys } = deps;
      const user = currentUser(req);
      const tellOwner = tellOwnerByNotice({ masterKeys, clock, siteUrl: () => config.SITE_URL });
      const result = await runEngineTick({
        db: database.db,
        clock,
        mailer,
        channels,
        tellOwner,
        config,
        masterKeys,
        log: req.log,
        userId: user.isAdmin ? undefined : user.id,
      });
      return { success: true, error: null, processed: result.claimed };
    },
  );

  app.post(
    "/send-message-notifications",
    {
      // Far above any person pressing; a duplicate within 30 s is answered as success anyway.
      config: { rateLimit: { max: 60, timeWindow: "1 minute" } },
      schema: {
        tags: ["functions"],
        security,
        summary: "Send an emergency (panic) message now",
        description:
          "200: sent or a duplicate of the last 30 s; 409 with success false: nothing was sent (no active panic condition, or no recipient reachable by a channel this server sends); 404: not your message.",
        body: sendMessageNotificationsBody,
        response: { 200: sendMessageNotificationsResponse, 409: sendMessageNotificationsResponse },
      },
    },
    async (req, reply) => {
      const user = currentUser(req);
      const outcome = await triggerEmergency({
        db: deps.database.db,
        clock: deps.clock,
        masterKeys: deps.masterKeys,
        channels: deps.channels,
        userId: user.id,
        request: req.body,
      });
      if (outcome.kind === "triggered") {
        // Deliver now rather than at the next interval; workers elsewhere pick it up within ENGINE_INTERVAL_MS.
        deps.engineWaker.wake();
        req.log.warn(
          {
            messageId: req.body.messageId,
            reminderId: outcome.reminderId,
            recipients: outcome.recipients,
            locationIncluded: outcome.press.location !== null,
          },
          "emergency triggered",
        );
      }
      const { status, body } = emergencyAnswer(outcome);
      return reply.status(status).send(body);
    },
  );

  app.post(
    "/get-mapbox-token",
    {
      schema: {
        tags: ["functions"],
        security,
        summary: "The Mapbox token for the web app's maps (null when none is configured)",
        body: z.object({}).passthrough().nullish(),
        response: { 200: mapboxTokenResponse },
      },
    },
    async () => ({ token: deps.config.MAPBOX_TOKEN ?? null }),
  );
};

import {
  channelsInfoSchema,
  messageReceiptsSchema,
  ownerChannelsSchema,
  reminderChannelsBodySchema,
  requestCodeBodySchema,
  verifyCodeBodySchema,
} from "@trigger-switch/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../app-deps.ts";
import { currentUser } from "../http/authenticate.ts";
import { idParams, security } from "../http/route-schemas.ts";
import { readMessageReceipts } from "./delivery/read-message-receipts.ts";
import { describeChannels } from "./describe-channels.ts";
import { readOwnerChannels } from "./numbers/read-owner-channels.ts";
import { requestNumberCode } from "./numbers/request-number-code.ts";
import { setReminderChannels } from "./numbers/set-reminder-channels.ts";
import { verifyNumberCode } from "./numbers/verify-number-code.ts";

/** GET /api/channels (public): what this server can do by message, for the pages that describe it. */
export const channelInfoRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    "/channels",
    {
      schema: {
        tags: ["meta"],
        summary: "Which channels this server has (e-mail, WhatsApp, SMS) and what each is used for",
        response: { 200: channelsInfoSchema },
      },
    },
    () => describeChannels(deps.config),
  );
};

/** /api/profile/channels (signed in): the owner's number, its verification, and their reminder channels. */
export const ownerChannelRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;
  const { clock, channels } = deps;
  const tags = ["profile"];
  const response = { 200: ownerChannelsSchema };
  const limit = (max: number) => ({ rateLimit: { max, timeWindow: "1 minute" } });

  app.get(
    "/profile/channels",
    {
      schema: {
        tags,
        security,
        summary: "My number, whether it is verified, a code on its way, and my reminder channels",
        response,
      },
    },
    (req) => readOwnerChannels({ db, clock, userId: currentUser(req).id }),
  );
  app.post(
    "/profile/channels/code",
    {
      config: limit(10),
      schema: {
        tags,
        security,
        summary: "Send a 6-digit code to my number by WhatsApp or SMS",
        body: requestCodeBodySchema,
        response,
      },
    },
    (req) => requestNumberCode({ db, clock, channels, userId: currentUser(req).id, channel: req.body.channel }),
  );
  app.post(
    "/profile/channels/verify",
    {
      config: limit(30),
      schema: {
        tags,
        security,
        summary: "Prove my number with the code it received",
        body: verifyCodeBodySchema,
        response,
      },
    },
    (req) => verifyNumberCode({ db, clock, channels, userId: currentUser(req).id, code: req.body.code, log: req.log }),
  );
  app.get(
    "/messages/:id/receipts",
    {
      schema: {
        tags: ["messages"],
        security,
        summary:
          "Who received this message, by which channel, and what the providers said (sent, delivered, read, failed)",
        params: idParams,
        response: { 200: messageReceiptsSchema },
      },
    },
    (req) =>
      readMessageReceipts({
        db,
        masterKeys: deps.masterKeys,
        userId: currentUser(req).id,
        messageId: req.params.id,
        usesOutbox: deps.config.usesOutbox,
      }),
  );
  app.put(
    "/profile/channels/reminders",
    {
      schema: {
        tags,
        security,
        summary: "Choose where my reminders go (e-mail always, plus WhatsApp, SMS or push to my devices)",
        body: reminderChannelsBodySchema,
        response,
      },
    },
    (req) =>
      setReminderChannels({
        db,
        config: deps.config,
        clock,
        channels,
        userId: currentUser(req).id,
        chosen: req.body.channels,
      }),
  );
};

import {
  ownerReleaseSchema,
  RECENT_RELEASES_MAX,
  releaseGrantSchema,
  releasedMessageSchema,
  releaseCancelledSchema,
} from "@trigger-switch/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { diskAttachmentStorage } from "../attachments/attachment-storage.ts";
import { sendAttachment } from "../attachments/send-attachment.ts";
import type { AppDeps } from "../app-deps.ts";
import { currentUser } from "../http/authenticate.ts";
import { security } from "../http/route-schemas.ts";
import { cancelRelease } from "./cancel-release.ts";
import { listRecentReleases, listReleases } from "./list-releases.ts";
import { readReleasedAttachment } from "./read-released-attachment.ts";
import { readReleasedMessage } from "./read-released-message.ts";
import { tokenRateLimit } from "./token-rate-limit.ts";

const tags = ["access"];
const tokenQuery = z.object({ t: z.string().optional() });

/**
 * Public: a recipient reads a released message through the link in their e-mail. Limited per IP
 * (the plugin) and per token (so a leaked link cannot be hammered from many addresses).
 */
export const accessRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;
  const { clock, masterKeys } = deps;
  const storage = diskAttachmentStorage(deps.config.DATA_DIR);
  const perToken = tokenRateLimit({ max: 60, windowMs: 60_000 });
  const config = { rateLimit: { max: 60, timeWindow: "1 minute" } };
  app.addHook("onRequest", async (req) => {
    perToken((req.query as { t?: string }).t);
  });

  app.get(
    "/access/:messageId",
    {
      config,
      schema: {
        tags,
        summary: "Read a released message with its access token",
        params: z.object({ messageId: z.string() }),
        querystring: tokenQuery,
        response: { 200: releasedMessageSchema },
      },
    },
    async (req, reply) =>
      reply
        .header("Cache-Control", "private, no-store")
        .header("Referrer-Policy", "no-referrer")
        .send(
          await readReleasedMessage({
            db,
            config: deps.config,
            clock,
            masterKeys,
            messageId: req.params.messageId,
            token: req.query.t,
          }),
        ),
  );

  app.get(
    "/access/:messageId/attachments/:attachmentId",
    {
      config,
      schema: {
        tags,
        summary: "Download an attachment of a released message",
        params: z.object({ messageId: z.string(), attachmentId: z.string() }),
        querystring: tokenQuery,
      },
    },
    async (req, reply) => {
      const file = await readReleasedAttachment({
        db,
        clock,
        masterKeys,
        storage,
        messageId: req.params.messageId,
        attachmentId: req.params.attachmentId,
        token: req.query.t,
      });
      return sendAttachment(reply, file, { publicLink: true });
    },
  );
};

const releaseParams = z.object({ id: z.string(), releaseId: z.string() });

/** Owner side (signed in): who got the message, whether they opened it; cancel during the unlock delay. */
export const releaseRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;
  app.get(
    "/messages/:id/releases",
    {
      schema: {
        tags,
        security,
        summary: "Releases of my message and their recipients",
        params: z.object({ id: z.string() }),
        response: { 200: z.array(releaseGrantSchema) },
      },
    },
    (req) =>
      listReleases({
        db,
        masterKeys: deps.masterKeys,
        userId: currentUser(req).id,
        messageId: req.params.id,
        usesOutbox: deps.config.usesOutbox,
      }),
  );
  app.get(
    "/releases",
    {
      schema: {
        tags,
        security,
        summary: `My latest releases (at most ${RECENT_RELEASES_MAX}), newest first, with each recipient's delivery and first opening`,
        response: { 200: z.array(ownerReleaseSchema) },
      },
    },
    (req) =>
      listRecentReleases({
        db,
        masterKeys: deps.masterKeys,
        userId: currentUser(req).id,
        limit: RECENT_RELEASES_MAX,
        usesOutbox: deps.config.usesOutbox,
      }),
  );
  app.post(
    "/messages/:id/releases/:releaseId/cancel",
    {
      schema: {
        tags,
        security,
        summary: "Withdraw a release before it opens",
        params: releaseParams,
        response: { 200: releaseCancelledSchema },
      },
    },
    (req) =>
      cancelRelease({
        db,
        clock: deps.clock,
        userId: currentUser(req).id,
        messageId: req.params.id,
        releaseId: req.params.releaseId,
      }),
  );
};

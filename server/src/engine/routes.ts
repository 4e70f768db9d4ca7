import { checkInAnswerSchema, checkInLinkSchema, linkCheckInAnswerSchema } from "@trigger-switch/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../app-deps.ts";
import { currentUser } from "../http/authenticate.ts";
import { security } from "../http/route-schemas.ts";
import { cancelledDeliveries } from "./cancelled-deliveries.ts";
import { checkIn } from "./check-in.ts";
import { checkInWithToken } from "./check-in-with-token.ts";
import { readCheckInToken } from "./read-check-in-token.ts";

const tags = ["check-in"];
const tokenBody = z.object({ token: z.string().min(1).max(200) }).strict();

/** POST /api/check-in (signed in). Registered inside the authenticated group. */
export const checkInRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;
  app.post(
    "/check-in",
    {
      schema: {
        tags,
        security,
        summary: "Check in: reset every timer (spec §4); says what was waiting and which dated deliveries it cancelled",
        response: { 200: checkInAnswerSchema },
      },
    },
    async (req) => {
      const userId = currentUser(req).id;
      const { cancelledConditionIds, ...result } = await checkIn({ db, clock: deps.clock, userId, source: "app" });
      const cancelled = await cancelledDeliveries({
        db,
        masterKeys: deps.masterKeys,
        userId,
        conditionIds: cancelledConditionIds,
      });
      return { success: true as const, ...result, cancelled };
    },
  );
};

/**
 * The reminder e-mail's link (public). The token travels in the body, never in the path, so no
 * log or proxy records it (docs/decisions/011). Looking a link up only says whether it still
 * works; the POST checks in. Neither tells the link's holder anything about its owner. Both are
 * rate-limited per IP, and an unknown, used or expired token answers one generic 404.
 */
export const checkInTokenRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;
  const { clock } = deps;
  const limit = (max: number) => ({ rateLimit: { max, timeWindow: "1 minute" } });
  app.post(
    "/check-in/token/lookup",
    {
      config: limit(30),
      schema: {
        tags,
        summary: "Whether a check-in link still works (never checks in)",
        body: tokenBody,
        response: { 200: checkInLinkSchema },
      },
    },
    async (req, reply) =>
      reply.header("Cache-Control", "no-store").send(await readCheckInToken({ db, clock, token: req.body.token })),
  );
  app.post(
    "/check-in/token",
    {
      config: limit(10),
      schema: {
        tags,
        summary: "Check in with a reminder link's token",
        body: tokenBody,
        response: { 200: linkCheckInAnswerSchema },
      },
    },
    async (req) => {
      const result = await checkInWithToken({ db, clock, token: req.body.token });
      return {
        success: true as const,
        checked_in_at: result.checked_in_at,
        cancelled: result.cancelledConditionIds.length,
      };
    },
  );
};

import type { FastifyPluginAsync } from "fastify";
import type { Realtime } from "./create-realtime.ts";

/**
 * GET /realtime (WebSocket). The token comes in the first message, not the URL (logs) nor a
 * header (browsers cannot set one). Upgrades are limited per IP like the other public routes.
 */
export const realtimeRoutes: FastifyPluginAsync<{ realtime: Realtime }> = async (app, { realtime }) => {
  app.get(
    "/realtime",
    { websocket: true, config: { rateLimit: { max: 60, timeWindow: "1 minute" } }, schema: { hide: true } },
    (socket) => realtime.accept(socket),
  );
};

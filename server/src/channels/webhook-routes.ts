import type { FastifyError, FastifyPluginAsync } from "fastify";
import { AppError } from "../errors.ts";
import type { AppDeps } from "../app-deps.ts";
import { twilioWebhookRoutes } from "./sms/webhook-routes.ts";
import { whatsappWebhookRoutes } from "./whatsapp/webhook-routes.ts";

/**
 * /webhooks/*: what the providers call. Their own errors (wrong content type, too large) keep
 * their 4xx; anything of ours (the database) is a 503, which providers deliver again later —
 * never a 500, and never an answer that makes them drop a check-in. An inbound message is only
 * recorded before the answer; the inbox processor handles it (docs/decisions/037).
 */
export const webhookRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    // The app-wide edge guard (http/input-guard.ts) refuses bad text with an AppError: keep its 4xx.
    const code = err instanceof AppError ? err.status : err.statusCode;
    const status = code && code >= 400 && code < 500 ? code : 503;
    if (status === 503) req.log.error({ err }, "webhook failed; the provider will deliver it again");
    else req.log.warn({ code: err.code, status }, `webhook refused: ${err.message}`);
    return reply
      .status(status)
      .type("text/plain")
      .send(status === 503 ? "Temporarily unavailable; deliver it again later." : err.message);
  });
  await app.register(whatsappWebhookRoutes, { deps });
  await app.register(twilioWebhookRoutes, { deps });
};

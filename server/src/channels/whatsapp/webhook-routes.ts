import { timingSafeEqual } from "node:crypto";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../app-deps.ts";
import { recordInboundMessages } from "../inbound/record-inbound-messages.ts";
import { recordStatus } from "../record-status.ts";
import { parseWebhook } from "./webhook-payload.ts";
import { isValidSignature } from "./verify-signature.ts";

const tags = ["webhooks"];
const answer = z.object({ ok: z.boolean(), message: z.string().optional() });
const NOT_CONFIGURED = "WhatsApp is not configured on this server.";

/**
 * /webhooks/whatsapp: Meta's verification handshake (GET) and its event deliveries (POST).
 * The POST body is read as raw bytes: the signature covers exactly those bytes, and it is checked
 * before anything is parsed or changed (docs/decisions/014).
 */
export const whatsappWebhookRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const config = deps.config.whatsapp;
  const { db } = deps.database;
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (_req, body, done) => done(null, body));

  app.get(
    "/whatsapp",
    {
      schema: {
        tags,
        summary: "Meta's webhook verification: echoes hub.challenge when hub.verify_token is ours",
        querystring: z.object({
          "hub.mode": z.string().max(32).optional(),
          "hub.verify_token": z.string().max(512).optional(),
          "hub.challenge": z.string().max(512).optional(),
        }),
        response: { 200: z.string(), 400: answer, 403: answer, 404: answer },
      },
    },
    async (req, reply) => {
      if (!config) return reply.status(404).send({ ok: false, message: NOT_CONFIGURED });
      const { "hub.mode": mode, "hub.verify_token": token, "hub.challenge": challenge } = req.query;
      if (mode !== "subscribe" || !challenge || !/^[A-Za-z0-9_-]{1,200}$/.test(challenge))
        return reply.status(400).send({
          ok: false,
          message: "Expected hub.mode=subscribe, hub.verify_token and a hub.challenge of letters and digits.",
        });
      if (!token || !sameText(token, config.verifyToken)) {
        req.log.warn("WhatsApp webhook verification with a wrong verify token");
        return reply.status(403).send({ ok: false, message: "The verify token does not match WHATSAPP_VERIFY_TOKEN." });
      }
      return reply.type("text/plain").send(challenge);
    },
  );

  app.post(
    "/whatsapp",
    {
      schema: {
        tags,
        summary: "Meta's event deliveries (messages and statuses), signed with X-Hub-Signature-256",
        headers: z.object({ "x-hub-signature-256": z.string().max(200).optional() }),
        response: { 200: answer, 400: answer, 401: answer, 404: answer, 503: answer },
      },
    },
    async (req, reply) =>
      // In front of the inbox processor: the provider waits for this answer.
      deps.inbox.inFront(async () => {
        if (!config) return reply.status(404).send({ ok: false, message: NOT_CONFIGURED });
        const raw = Buffer.isBuffer(req.body) ? req.body : null;
        if (!raw || !isValidSignature(raw, req.headers["x-hub-signature-256"], config.appSecret)) {
          req.log.warn(
            { hasSignature: Boolean(req.headers["x-hub-signature-256"]) },
            "WhatsApp webhook refused: missing or wrong X-Hub-Signature-256",
          );
          return reply.status(401).send({ ok: false, message: "Missing or wrong X-Hub-Signature-256." });
        }
        let body: unknown;
        try {
          body = JSON.parse(raw.toString("utf8"));
        } catch {
          req.log.warn("WhatsApp webhook refused: the signed body is not JSON");
          return reply.status(400).send({ ok: false, message: "The body is not valid JSON." });
        }
        const parsed = parseWebhook(body, config.phoneNumberId);
        // Signed by Meta but not a WhatsApp event we know: answered 200 so it is not sent again and again.
        if (!parsed) {
          req.log.warn("WhatsApp webhook ignored: not a whatsapp_business_account event");
          return { ok: true };
        }
        if (parsed.skipped.length > 0) req.log.info({ skipped: parsed.skipped }, "WhatsApp webhook: parts ignored");
        // Recorded in one statement and handled off the request path, so Meta has its 200 at once.
        const recorded = await recordInboundMessages({ db, clock: deps.clock, messages: parsed.messages });
        if (recorded > 0) deps.inbox.wake();
        if (parsed.messages.length > 0)
          req.log.info(
            {
              channel: "whatsapp",
              providerMessageIds: parsed.messages.map((m) => m.providerMessageId),
              repeated: parsed.messages.length - recorded,
            },
            "inbound messages recorded",
          );
        for (const update of parsed.statuses) {
          const fresh = await recordStatus({ db, update, listeners: deps.channels.statusListeners() });
          req.log.info(
            {
              channel: "whatsapp",
              providerMessageId: update.providerMessageId,
              status: update.status,
              errorCode: update.error?.code,
              repeated: !fresh,
            },
            "delivery status",
          );
        }
        return { ok: true };
      }),
  );
};

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { AppDeps } from "../../app-deps.ts";
import type { StatusUpdate } from "../channel.ts";
import { recordInboundMessages } from "../inbound/record-inbound-messages.ts";
import { isE164 } from "../phone-number.ts";
import { recordStatus } from "../record-status.ts";
import { isPermanentTwilioError } from "./classify-twilio-error.ts";

const tags = ["webhooks"];
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';
const STATUS_WORDS = {
  sent: "sent",
  delivered: "delivered",
  read: "read",
  undelivered: "failed",
  failed: "failed",
} as const;
const text = z.string().max(2000);

const inboundSchema = z.object({
  MessageSid: z.string().regex(/^(SM|MM)[0-9a-fA-F]{32}$/),
  AccountSid: z.string(),
  From: z.string(),
  Body: z.string().max(1600).optional(),
  NumMedia: z.string().optional(),
});
const statusSchema = z.object({
  MessageSid: z.string().regex(/^(SM|MM)[0-9a-fA-F]{32}$/),
  AccountSid: z.string(),
  MessageStatus: z.string().max(32),
  To: z.string().optional(),
  ErrorCode: z
    .string()
    .regex(/^\d{1,6}$/)
    .optional(),
  ErrorMessage: text.optional(),
});

/**
 * Twilio's webhooks: inbound SMS (/webhooks/twilio/sms, set as the number's "A message comes in"
 * URL) and status callbacks (/webhooks/twilio/status, which every SMS we send names). Each request
 * is checked with the official `twilio.validateRequest` against our public URL, before anything changes.
 */
export const twilioWebhookRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const config = deps.config.twilio;
  // The official package checks the signatures; a server without SMS never loads it.
  const twilio = config ? (await import("twilio")).default : null;
  const { db } = deps.database;
  // Twilio posts application/x-www-form-urlencoded with single-valued fields.
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  /** True when the request is Twilio's; otherwise the 401 (or 404 when SMS is off) has been sent. */
  const verified = (req: FastifyRequest, reply: FastifyReply): boolean => {
    if (!config || !twilio) {
      void reply.status(404).type("text/plain").send("SMS is not configured on this server.");
      return false;
    }
    const params = typeof req.body === "object" && req.body !== null ? (req.body as Record<string, string>) : {};
    const signature = req.headers["x-twilio-signature"];
    // Twilio signs the URL it called: our public address (SITE_URL) plus the path and query.
    if (
      typeof signature !== "string" ||
      !twilio.validateRequest(config.authToken, signature, `${deps.config.SITE_URL}${req.url}`, params)
    ) {
      req.log.warn(
        { hasSignature: typeof signature === "string" },
        "Twilio webhook refused: missing or wrong X-Twilio-Signature",
      );
      void reply.status(401).type("text/plain").send("Missing or wrong X-Twilio-Signature.");
      return false;
    }
    if (params.AccountSid !== config.accountSid) {
      req.log.warn("Twilio webhook refused: another account's SID");
      void reply.status(403).type("text/plain").send("This webhook is for another Twilio account.");
      return false;
    }
    return true;
  };
  const schema = (summary: string) => ({
    tags,
    summary,
    headers: z.object({ "x-twilio-signature": z.string().max(200).optional() }),
    response: { 200: z.string(), 400: z.string(), 401: z.string(), 403: z.string(), 404: z.string(), 503: z.string() },
  });

  app.post(
    "/twilio/sms",
    { schema: schema("Inbound SMS from Twilio (check-in, STATUS, HELP), signed with X-Twilio-Signature") },
    async (req, reply) =>
      // In front of the inbox processor: the provider waits for this answer.
      deps.inbox.inFront(async () => {
        if (!verified(req, reply)) return reply;
        const twiml = () => reply.type("text/xml").send(EMPTY_TWIML);
        const sms = inboundSchema.safeParse(req.body);
        if (!sms.success) {
          req.log.warn(
            { fields: sms.error.issues.map((i) => i.path.join(".")) },
            "Twilio inbound SMS ignored: unexpected fields",
          );
          return reply.status(400).type("text/plain").send("Expected MessageSid, AccountSid and From.");
        }
        if (!isE164(sms.data.From)) {
          req.log.warn(
            { providerMessageId: sms.data.MessageSid },
            "Twilio inbound SMS ignored: sender is not an E.164 number",
          );
          return twiml();
        }
        const body = sms.data.Body?.trim() ? sms.data.Body : null;
        const kind = Number(sms.data.NumMedia ?? 0) > 0 && !body ? "mms" : "sms";
        // Recorded in one statement and handled off the request path (docs/decisions/037). Twilio's
        // inbound webhook carries no send time: an SMS counts when it reaches us (docs/decisions/034).
        const recorded = await recordInboundMessages({
          db,
          clock: deps.clock,
          messages: [
            {
              channel: "sms",
              providerMessageId: sms.data.MessageSid,
              from: sms.data.From,
              text: body,
              kind,
              sentAt: null,
            },
          ],
        });
        if (recorded > 0) deps.inbox.wake();
        req.log.info(
          { channel: "sms", providerMessageId: sms.data.MessageSid, repeated: recorded === 0 },
          "inbound message recorded",
        );
        // Answers go through the API (with their own receipts), so the TwiML stays empty.
        return twiml();
      }),
  );

  app.post(
    "/twilio/status",
    { schema: schema("Twilio status callbacks for the SMS we sent, signed with X-Twilio-Signature") },
    async (req, reply) =>
      // In front of the inbox processor: the provider waits for this answer.
      deps.inbox.inFront(async () => {
        if (!verified(req, reply)) return reply;
        const parsed = statusSchema.safeParse(req.body);
        if (!parsed.success) {
          req.log.warn(
            { fields: parsed.error.issues.map((i) => i.path.join(".")) },
            "Twilio status callback ignored: unexpected fields",
          );
          return reply.status(400).type("text/plain").send("Expected MessageSid, AccountSid and MessageStatus.");
        }
        const s = parsed.data;
        const status = STATUS_WORDS[s.MessageStatus as keyof typeof STATUS_WORDS];
        if (!status) return reply.type("text/plain").send("ignored"); // queued, sending, accepted…: not a receipt yet
        const code = s.ErrorCode ? Number(s.ErrorCode) : null;
        const update: StatusUpdate = {
          channel: "sms",
          providerMessageId: s.MessageSid,
          status,
          providerStatus: s.MessageStatus,
          recipient: s.To && isE164(s.To) ? s.To : null,
          occurredAt: deps.clock.now(),
          error:
            status === "failed"
              ? {
                  code: code !== null ? String(code) : s.MessageStatus,
                  message: s.ErrorMessage ?? `Twilio: ${s.MessageStatus}${code !== null ? ` (error ${code})` : ""}`,
                  permanent: isPermanentTwilioError(null, code),
                }
              : null,
        };
        const fresh = await recordStatus({ db, update, listeners: deps.channels.statusListeners() });
        req.log.info(
          { channel: "sms", providerMessageId: s.MessageSid, status, errorCode: code, repeated: !fresh },
          "delivery status",
        );
        return reply.type("text/plain").send("ok");
      }),
  );
};

import type { Clock } from "../../clock.ts";
import type { WhatsAppConfig } from "../../config.ts";
import type { Db } from "../../db/connect.ts";
import { ChannelError, type Channel, type Envelope, type Receipt, type TemplateContent } from "../channel.ts";
import { isWindowOpen } from "../messaging-window.ts";
import { isE164 } from "../phone-number.ts";
import { retryAfterMs, saysRetryAfter } from "../retry-after.ts";
import { isPermanentGraphError, OUTSIDE_WINDOW_CODE } from "./classify-graph-error.ts";
import { graphErrorSchema, sendAnswerSchema, waId, type SendBody, type TemplateComponent } from "./graph-api.ts";

/** A send that has not been answered in this time is abandoned as a temporary failure. */
const SEND_TIMEOUT_MS = 10_000;
const TEXT_MAX = 4096;

/** The setting that names each template (a message without its template can go only inside the window). */
const TEMPLATE_SETTINGS: Record<TemplateContent["template"], string> = {
  reminder: "WHATSAPP_TEMPLATE_REMINDER",
  delivery: "WHATSAPP_TEMPLATE_DELIVERY",
  verification: "WHATSAPP_TEMPLATE_VERIFICATION",
  release_notice: "WHATSAPP_TEMPLATE_RELEASE_NOTICE",
  access_request: "WHATSAPP_TEMPLATE_ACCESS_REQUEST",
  contact_notice: "WHATSAPP_TEMPLATE_CONTACT_NOTICE",
};

export const WHATSAPP_SETTINGS = [
  "WHATSAPP_PHONE_NUMBER_ID",
  "WHATSAPP_ACCESS_TOKEN",
  "WHATSAPP_APP_SECRET",
  "WHATSAPP_VERIFY_TOKEN",
] as const;

/**
 * WhatsApp through Meta's Cloud API: POST {WHATSAPP_API_URL}/{phone-number-id}/messages with the
 * bearer token. Meta keeps no maintained Node SDK (its official one was paused in 2023), so this is
 * plain fetch with the answer checked by a schema. Free text goes only inside the 24-hour window;
 * outside it the envelope's template goes, or nothing (docs/decisions/014).
 */
export function createWhatsAppChannel({
  config,
  db,
  clock,
}: {
  config: WhatsAppConfig | null;
  db: Db;
  clock: Clock;
}): Channel {
  if (!config) {
    return {
      id: "whatsapp",
      available: false,
      send: () =>
        Promise.reject(
          new ChannelError(
            "whatsapp",
            true,
            `WhatsApp is not configured on this server (set ${WHATSAPP_SETTINGS.join(", ")}).`,
            "not_configured",
          ),
        ),
    };
  }
  const post = (body: SendBody) => postMessage(config, body, clock);

  return {
    id: "whatsapp",
    available: true,
    async send(envelope) {
      // A template whose name is not configured (only the release notice's may be unset) counts as none.
      const template =
        envelope.template && config.templates[envelope.template.template] ? envelope.template : undefined;
      if (!isE164(envelope.to))
        throw new ChannelError(
          "whatsapp",
          true,
          "The number is not in international E.164 format (+ country code and number).",
          "bad_number",
        );
      // Meta's policy: one-time codes go only as authentication templates, window or not.
      const templateOnly = envelope.purpose === "verification_code" && template !== undefined;
      // An answer to a message the person has just sent is inside the window by definition.
      const open =
        !templateOnly &&
        (envelope.purpose === "check_in_reply" ||
          (await isWindowOpen({ db, channel: "whatsapp", number: envelope.to, now: clock.now() })));
      if (open) {
        try {
          return receipt(await post(textBody(envelope)), "text", clock);
        } catch (err) {
          // Our record of the window can be wrong (a message we never heard of, clocks): fall back to the template.
          if (!(err instanceof ChannelError && err.code === String(OUTSIDE_WINDOW_CODE) && template)) throw err;
        }
      }
      if (!template) {
        const unset = envelope.template
          ? ` No template is configured for this message (${TEMPLATE_SETTINGS[envelope.template.template]}).`
          : "";
        throw new ChannelError(
          "whatsapp",
          true,
          `This number has not written to us in the last 24 hours, and WhatsApp allows only approved templates then.${unset}`,
          String(OUTSIDE_WINDOW_CODE),
        );
      }
      return receipt(await post(templateBody(config, envelope.to, template)), "template", clock);
    },
  };
}

function receipt(providerMessageId: string, form: Receipt["form"], clock: Clock): Receipt {
  return { channel: "whatsapp", providerMessageId, form, acceptedAt: clock.now() };
}

function textBody(envelope: Envelope): SendBody {
  if (envelope.text.length > TEXT_MAX)
    throw new ChannelError("whatsapp", true, `A WhatsApp text can hold at most ${TEXT_MAX} characters.`, "too_long");
  return {
    messaging_product: "whatsapp",
    recipient_type: "individual",
    to: waId(envelope.to),
    type: "text",
    text: { preview_url: false, body: envelope.text },
  };
}

function templateBody(config: WhatsAppConfig, to: string, content: TemplateContent): SendBody {
  const text = (value: string) => ({ type: "text" as const, text: value });
  const components: TemplateComponent[] = [{ type: "body", parameters: content.body.map(text) }];
  if (content.urlButton !== undefined)
    components.push({ type: "button", sub_type: "url", index: "0", parameters: [text(content.urlButton)] });
  return {
    messaging_product: "whatsapp",
    recipient_type: "individual",
    to: waId(to),
    type: "template",
    template: { name: config.templates[content.template]!, language: { code: config.templates.language }, components },
  };
}

/** One POST; the wamid of the accepted message, or a classified ChannelError. */
async function postMessage(config: WhatsAppConfig, body: SendBody, clock: Clock): Promise<string> {
  let res: Response;
  try {
    res = await fetch(`${config.apiUrl}/${config.phoneNumberId}/messages`, {
      method: "POST",
      headers: { authorization: `Bearer ${config.accessToken}`, "content-type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
  } catch (err) {
    const timedOut = (err as Error).name === "TimeoutError";
    throw new ChannelError(
      "whatsapp",
      false,
      timedOut
        ? `The WhatsApp API did not answer within ${SEND_TIMEOUT_MS / 1000} s.`
        : `The WhatsApp API could not be reached: ${(err as Error).message}`,
      timedOut ? "timeout" : "network",
    );
  }
  const payload: unknown = await res.json().catch(() => null);
  if (res.ok) {
    const answer = sendAnswerSchema.safeParse(payload);
    // Accepted but unreadable: we cannot tell whether it will arrive, and sending again could
    // double it; treat it as temporary so it is retried and logged loudly.
    if (!answer.success)
      throw new ChannelError(
        "whatsapp",
        false,
        `The WhatsApp API answered ${res.status} with an unexpected body.`,
        "bad_answer",
      );
    return answer.data.messages[0]!.id;
  }
  const error = graphErrorSchema.safeParse(payload);
  const code = error.success ? (error.data.error.code ?? null) : null;
  const detail = error.success
    ? [error.data.error.message, error.data.error.error_data?.details].filter(Boolean).join(": ")
    : `HTTP ${res.status}`;
  const wait = saysRetryAfter(res.status)
    ? retryAfterMs(res.headers.get("retry-after"), { date: res.headers.get("date"), now: clock.now().getTime() })
    : null;
  throw new ChannelError(
    "whatsapp",
    isPermanentGraphError(res.status, code),
    `WhatsApp refused the message (${code ?? res.status}): ${detail}`.slice(0, 500),
    code !== null ? String(code) : `http_${res.status}`,
    wait ?? undefined,
  );
}

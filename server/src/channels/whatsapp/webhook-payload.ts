import { z } from "zod";
import type { StatusUpdate } from "../channel.ts";
import { e164FromWaId } from "../phone-number.ts";
import type { InboundMessage } from "../inbound/inbound-message.ts";
import { isPermanentGraphError } from "./classify-graph-error.ts";

/**
 * Meta's webhook body for the "messages" field. Only what we use is required; everything else
 * passes through unread, so a new field or message type never makes a real webhook fail.
 */
const messageSchema = z.object({
  id: z.string().min(1).max(256),
  from: z.string().max(32),
  type: z.string().max(64),
  /** When the person sent it, in seconds since 1970. */
  timestamp: z
    .string()
    .regex(/^\d{1,12}$/)
    .optional(),
  text: z.object({ body: z.string() }).optional(),
  button: z.object({ text: z.string().optional(), payload: z.string().optional() }).optional(),
  interactive: z
    .object({
      button_reply: z.object({ title: z.string() }).optional(),
      list_reply: z.object({ title: z.string() }).optional(),
    })
    .optional(),
});

const statusSchema = z.object({
  id: z.string().min(1).max(256),
  status: z.string().max(64),
  timestamp: z
    .string()
    .regex(/^\d{1,12}$/)
    .optional(),
  recipient_id: z.string().max(32).optional(),
  errors: z
    .array(
      z.object({
        code: z.number().int(),
        title: z.string().optional(),
        message: z.string().optional(),
        error_data: z.object({ details: z.string().optional() }).optional(),
      }),
    )
    .optional(),
});

const payloadSchema = z.object({
  object: z.string(),
  entry: z.array(
    z.object({
      changes: z.array(
        z.object({
          field: z.string(),
          value: z.object({
            metadata: z.object({ phone_number_id: z.string() }).optional(),
            messages: z.array(z.unknown()).optional(),
            statuses: z.array(z.unknown()).optional(),
          }),
        }),
      ),
    }),
  ),
});

export interface ParsedWebhook {
  messages: InboundMessage[];
  statuses: StatusUpdate[];
  /** What was left out and why, for the log (never a message's text). */
  skipped: string[];
}

const STATUS_WORDS = { sent: "sent", delivered: "delivered", read: "read", failed: "failed" } as const;

/** Reads the messages and statuses addressed to our phone number; null when the body is not a WhatsApp webhook at all. */
export function parseWebhook(body: unknown, phoneNumberId: string): ParsedWebhook | null {
  const payload = payloadSchema.safeParse(body);
  if (!payload.success || payload.data.object !== "whatsapp_business_account") return null;
  const parsed: ParsedWebhook = { messages: [], statuses: [], skipped: [] };
  for (const change of payload.data.entry.flatMap((e) => e.changes)) {
    if (change.field !== "messages") {
      parsed.skipped.push(`field ${change.field}`);
      continue;
    }
    const target = change.value.metadata?.phone_number_id;
    if (target !== phoneNumberId) {
      parsed.skipped.push(`addressed to another phone number id (${target ?? "none"})`);
      continue;
    }
    for (const raw of change.value.messages ?? []) {
      const m = messageSchema.safeParse(raw);
      if (!m.success) {
        parsed.skipped.push("a message without id, sender or type");
        continue;
      }
      const from = e164FromWaId(m.data.from);
      if (!from) {
        parsed.skipped.push(`message ${m.data.id}: sender is not an E.164 number`);
        continue;
      }
      parsed.messages.push({
        channel: "whatsapp",
        providerMessageId: m.data.id,
        from,
        text: textOf(m.data),
        kind: m.data.type,
        sentAt: m.data.timestamp ? new Date(Number(m.data.timestamp) * 1000) : null,
      });
    }
    for (const raw of change.value.statuses ?? []) {
      const s = statusSchema.safeParse(raw);
      const status = s.success ? STATUS_WORDS[s.data.status as keyof typeof STATUS_WORDS] : undefined;
      if (!s.success || !status) {
        parsed.skipped.push(s.success ? `status "${s.data.status}"` : "a status without id or status");
        continue;
      }
      const error = s.data.errors?.[0];
      parsed.statuses.push({
        channel: "whatsapp",
        providerMessageId: s.data.id,
        status,
        providerStatus: s.data.status,
        recipient: s.data.recipient_id ? e164FromWaId(s.data.recipient_id) : null,
        occurredAt: s.data.timestamp ? new Date(Number(s.data.timestamp) * 1000) : new Date(),
        error: error
          ? {
              code: String(error.code),
              message: [error.title ?? error.message, error.error_data?.details].filter(Boolean).join(": ") || "failed",
              permanent: isPermanentGraphError(null, error.code),
            }
          : null,
      });
    }
  }
  return parsed;
}

/** Text, a template's quick-reply button, or an interactive reply's title; null for anything else. */
function textOf(m: z.infer<typeof messageSchema>): string | null {
  if (m.type === "text") return m.text?.body ?? null;
  if (m.type === "button") return m.button?.text ?? m.button?.payload ?? null;
  if (m.type === "interactive") return m.interactive?.button_reply?.title ?? m.interactive?.list_reply?.title ?? null;
  return null;
}

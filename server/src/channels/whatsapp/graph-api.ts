import { z } from "zod";

/** The Cloud API's answer to POST /{phone-number-id}/messages. */
export const sendAnswerSchema = z.object({
  messaging_product: z.literal("whatsapp").optional(),
  contacts: z.array(z.object({ input: z.string().optional(), wa_id: z.string().optional() })).optional(),
  messages: z.array(z.object({ id: z.string().min(1), message_status: z.string().optional() })).min(1),
});

/** Graph API errors: `{ error: { message, type, code, error_subcode, error_data: { details } } }`. */
export const graphErrorSchema = z.object({
  error: z.object({
    message: z.string().optional(),
    type: z.string().optional(),
    code: z.number().int().optional(),
    error_subcode: z.number().int().optional(),
    error_data: z.object({ details: z.string().optional() }).loose().optional(),
    fbtrace_id: z.string().optional(),
  }),
});

export type SendBody =
  | {
      messaging_product: "whatsapp";
      recipient_type: "individual";
      to: string;
      type: "text";
      text: { preview_url: boolean; body: string };
    }
  | {
      messaging_product: "whatsapp";
      recipient_type: "individual";
      to: string;
      type: "template";
      template: { name: string; language: { code: string }; components: TemplateComponent[] };
    };

export type TemplateComponent =
  | { type: "body"; parameters: { type: "text"; text: string }[] }
  | { type: "button"; sub_type: "url"; index: string; parameters: { type: "text"; text: string }[] };

/** WhatsApp takes the number without the plus ("447700900123"), as its webhooks send it. */
export const waId = (e164: string) => e164.replace(/^\+/, "");

import {
  messageReadiness,
  conditionCreateSchema,
  conditionUpdateSchema,
  describeCondition,
  messageCreateSchema,
  messageSaveSchema,
  messageUpdateSchema,
  nextDeadline,
  recipientCreateSchema,
  recipientUpdateSchema,
  type Attachment,
  type Condition,
  type Message,
  type OwnerRelease,
  type Recipient,
} from "@trigger-switch/contracts";
import type { z } from "zod";
import type { Handler } from "./fakes";

type StoredCondition = Omit<Condition, "next_deadline" | "summary" | "unlock_delay_hours" | "expiry_hours">;
interface StoredMessage {
  id: string;
  title: string;
  text_content: string;
  created_at: string;
  updated_at: string;
  recipientIds: string[];
  conditions: StoredCondition[];
  attachments: Attachment[];
}

const invalid = (error: z.ZodError) => ({
  status: 400,
  body: { error: { code: "validation_failed", message: "Please check the form", fields: Object.fromEntries(error.issues.map((i) => [i.path.join("."), i.message])) } },
});
const notFound = { status: 404, body: { error: { code: "not_found", message: "Not found" } } };

/**
 * The workspace API (messages, recipients, conditions, attachments) in memory, answering in the
 * server's shapes and validating with the contracts' schemas, so pages can be tested end to end
 * without a server. Deadlines and summaries come from the contracts' functions, as on the server.
 */
export function createFakeWorkspace(timeZone = "UTC") {
  const recipients: Recipient[] = [];
  const messages: StoredMessage[] = [];
  /** What GET /api/releases answers; tests push releases here. */
  const releases: OwnerRelease[] = [];
  let counter = 0;
  const uuid = () => `00000000-0000-4000-8000-${String((counter += 1)).padStart(12, "0")}`;
  const stamp = () => new Date().toISOString();

  const toCondition = (c: StoredCondition): Condition => {
    const now = new Date();
    return {
      ...c,
      unlock_delay_hours: c.panic_config.unlock_delay_hours ?? 0,
      expiry_hours: c.panic_config.expiry_hours ?? 0,
      next_deadline: nextDeadline(c, now)?.toISOString() ?? null,
      summary: describeCondition(c, now, timeZone),
    };
  };
  const readiness = (m: StoredMessage) =>
    messageReadiness({ recipients: recipients.filter((r) => m.recipientIds.includes(r.id)), conditions: m.conditions.map(toCondition) });
  const toMessage = (m: StoredMessage): Message => ({
    id: m.id,
    title: m.title,
    text_content: m.text_content,
    share_location: false,
    location_latitude: null,
    location_longitude: null,
    location_name: null,
    created_at: m.created_at,
    updated_at: m.updated_at,
    recipients: recipients.filter((r) => m.recipientIds.includes(r.id)),
    conditions: m.conditions.map(toCondition),
    attachments: m.attachments,
    ...readiness(m),
  });
  const message = (id: string) => messages.find((m) => m.id === id);
  const condition = (id: string) => messages.flatMap((m) => m.conditions).find((c) => c.id === id);

  const routes: Record<string, Handler> = {
    "GET /api/recipients": () => ({ body: recipients }),
    "POST /api/recipients": ({ body }) => {
      const parsed = recipientCreateSchema.safeParse(body);
      if (!parsed.success) return invalid(parsed.error);
      const { email, phone } = parsed.data;
      const channels = parsed.data.channels ?? [...(email ? ["email" as const] : []), ...(phone ? ["whatsapp" as const] : [])];
      const recipient: Recipient = { id: uuid(), ...parsed.data, channels, created_at: stamp(), updated_at: stamp() };
      recipients.push(recipient);
      return { status: 201, body: recipient };
    },
    "PATCH /api/recipients/:id": ({ body, params }) => {
      const recipient = recipients.find((r) => r.id === params.id);
      if (!recipient) return notFound;
      const parsed = recipientUpdateSchema.safeParse(body);
      if (!parsed.success) return invalid(parsed.error);
      Object.assign(recipient, parsed.data, { updated_at: stamp() });
      return { body: recipient };
    },
    "DELETE /api/recipients/:id": ({ params }) => {
      const index = recipients.findIndex((r) => r.id === params.id);
      if (index < 0) return notFound;
      recipients.splice(index, 1);
      const removed = messages.filter((m) => m.recipientIds.includes(params.id!));
      removed.forEach((m) => (m.recipientIds = m.recipientIds.filter((r) => r !== params.id)));
      return { body: { removed_from_messages: removed.map((m) => ({ id: m.id, title: m.title })), disarmed_conditions: [] } };
    },
    "GET /api/messages": () => ({
      body: messages.map((m) => {
        const { text_content, recipients: list, attachments, share_location, ...rest } = toMessage(m);
        void share_location;
        return { ...rest, share_location: false, preview: text_content.slice(0, 140), recipient_count: list.length, attachment_count: attachments.length };
      }),
    }),
    "POST /api/messages": ({ body }) => {
      const parsed = messageCreateSchema.safeParse(body);
      if (!parsed.success) return invalid(parsed.error);
      const stored: StoredMessage = { id: uuid(), title: parsed.data.title, text_content: parsed.data.text_content, created_at: stamp(), updated_at: stamp(), recipientIds: [], conditions: [], attachments: [] };
      messages.push(stored);
      return { status: 201, body: toMessage(stored) };
    },
    // The editor's one-request save (issue 14): everything checked first, then applied, so a refusal changes nothing.
    "POST /api/messages/save": ({ body }) => saveWhole(null, body),
    "GET /api/releases": () => ({ body: releases }),
    "PUT /api/messages/:id": ({ body, params }) => saveWhole(params.id!, body),
    "GET /api/messages/:id": ({ params }) => (message(params.id!) ? { body: toMessage(message(params.id!)!) } : notFound),
    "PATCH /api/messages/:id": ({ body, params }) => {
      const stored = message(params.id!);
      if (!stored) return notFound;
      const parsed = messageUpdateSchema.safeParse(body);
      if (!parsed.success) return invalid(parsed.error);
      Object.assign(stored, { title: parsed.data.title ?? stored.title, text_content: parsed.data.text_content ?? stored.text_content, updated_at: stamp() });
      return { body: toMessage(stored) };
    },
    "DELETE /api/messages/:id": ({ params }) => {
      const index = messages.findIndex((m) => m.id === params.id);
      if (index < 0) return notFound;
      messages.splice(index, 1);
      return { status: 204, body: null };
    },
    "PUT /api/messages/:id/recipients": ({ body, params }) => {
      const stored = message(params.id!);
      if (!stored) return notFound;
      stored.recipientIds = (body as { recipient_ids: string[] }).recipient_ids;
      return { body: toMessage(stored) };
    },
    "POST /api/messages/:id/conditions": ({ body, params }) => {
      const stored = message(params.id!);
      if (!stored) return notFound;
      const parsed = conditionCreateSchema.safeParse(body);
      if (!parsed.success) return invalid(parsed.error);
      const at = stamp();
      const created: StoredCondition = { id: uuid(), message_id: stored.id, active: true, is_armed: true, last_checked: at, armed_at: at, created_at: at, updated_at: at, ...parsed.data };
      stored.conditions.push(created);
      return { status: 201, body: toCondition(created) };
    },
    "PATCH /api/conditions/:id": ({ body, params }) => {
      const stored = condition(params.id!);
      if (!stored) return notFound;
      const parsed = conditionUpdateSchema.safeParse(body);
      if (!parsed.success) return invalid(parsed.error);
      Object.assign(stored, parsed.data, { armed_at: stamp(), last_checked: stamp(), updated_at: stamp() });
      return { body: toCondition(stored) };
    },
    "DELETE /api/conditions/:id": ({ params }) => {
      const owner = messages.find((m) => m.conditions.some((c) => c.id === params.id));
      if (!owner) return notFound;
      owner.conditions = owner.conditions.filter((c) => c.id !== params.id);
      return { status: 204, body: null };
    },
    "POST /api/conditions/:id/arm": ({ params }) => arm(params.id!, true),
    "POST /api/conditions/:id/disarm": ({ params }) => arm(params.id!, false),
    "GET /api/conditions": () => ({ body: messages.flatMap((m) => m.conditions).filter((c) => c.active).map(toCondition) }),
    "POST /api/messages/:id/attachments": ({ body, params }) => {
      const stored = message(params.id!);
      const file = body instanceof FormData ? body.get("file") : null;
      if (!stored || !(file instanceof File)) return notFound;
      const attachment: Attachment = { id: uuid(), message_id: stored.id, file_name: file.name, content_type: file.type, size_bytes: file.size, created_at: stamp() };
      stored.attachments.push(attachment);
      return { status: 201, body: attachment };
    },
  };

  function saveWhole(id: string | null, body: unknown) {
    const stored = id === null ? undefined : message(id);
    if (id !== null && !stored) return notFound;
    const parsed = messageSaveSchema.safeParse(body);
    if (!parsed.success) return invalid(parsed.error);
    const input = parsed.data;
    if (input.recipient_ids.some((r) => !recipients.some((known) => known.id === r))) return invalid(fieldError("recipient_ids", "Choose from your own recipients"));
    const own = stored?.conditions ?? [];
    if ([...input.remove_condition_ids, ...input.change_conditions.map((c) => c.id)].some((c) => !own.some((o) => o.id === c))) return notFound;
    const at = stamp();
    const target: StoredMessage = stored ?? { id: uuid(), title: "", text_content: "", created_at: at, updated_at: at, recipientIds: [], conditions: [], attachments: [] };
    Object.assign(target, { title: input.title, text_content: input.text_content, recipientIds: input.recipient_ids, updated_at: at });
    target.conditions = target.conditions.filter((c) => !input.remove_condition_ids.includes(c.id));
    for (const { id: changed, changes } of input.change_conditions) Object.assign(target.conditions.find((c) => c.id === changed)!, changes, { armed_at: at, last_checked: at, updated_at: at });
    for (const added of input.add_conditions) target.conditions.push({ id: uuid(), message_id: target.id, active: true, is_armed: true, last_checked: at, armed_at: at, created_at: at, updated_at: at, ...added });
    target.attachments = target.attachments.filter((a) => !input.remove_attachment_ids.includes(a.id));
    if (!stored) messages.push(target);
    return { status: stored ? 200 : 201, body: toMessage(target) };
  }

  function fieldError(path: string, message: string): z.ZodError {
    return { issues: [{ path: path.split("."), message }] } as unknown as z.ZodError;
  }

  function arm(id: string, armed: boolean) {
    const stored = condition(id);
    if (!stored) return notFound;
    Object.assign(stored, armed ? { is_armed: true, active: true, armed_at: stamp(), last_checked: stamp() } : { is_armed: false });
    return { body: toCondition(stored) };
  }

  return { routes, recipients, messages, releases, addRecipient: (r: Partial<Recipient> & { name: string }) => routes["POST /api/recipients"]!({ method: "POST", path: "", params: {}, body: r }).body as Recipient };
}

import {
  accessWindowOf,
  canFire,
  CHECK_IN_CONDITION_TYPES,
  defaultChannels,
  deliveredChannels,
  describeCondition,
  locationProblems,
  messagePreview,
  messageReadiness,
  nextDeadline,
  recipientProblems,
  type Attachment,
  type ChannelsInfo,
  type Condition,
  type Message,
  type OwnerRelease,
  type Recipient,
  type RecipientCreate,
  type SealedPart,
  type messageSaveSchema,
} from "@trigger-switch/contracts";
import type { z } from "zod";
import { checkedRoutes, workspaceContract, type Refusal } from "./api-contract";
import { channelsOff } from "./channels-off";

type MessageSaveInput = z.output<typeof messageSaveSchema>;

type StoredCondition = Omit<Condition, "next_deadline" | "summary" | "unlock_delay_hours" | "expiry_hours">;
interface StoredMessage {
  id: string;
  title: string;
  text_content: string;
  share_location: boolean;
  location_latitude: number | null;
  location_longitude: number | null;
  location_name: string | null;
  created_at: string;
  updated_at: string;
  recipientIds: string[];
  conditions: StoredCondition[];
  attachments: Attachment[];
  sealed: SealedPart | null;
}

const notFound: Refusal = { status: 404, body: { error: { code: "not_found", message: "Not found" } } };
const refused = (fields: Record<string, string>): Refusal => ({
  status: 400,
  body: { error: { code: "validation_failed", message: Object.values(fields)[0]!, fields } },
});

/**
 * The workspace API (messages, recipients, conditions, attachments, releases) in memory, so pages
 * can be tested end to end without a server. It cannot drift from the real one unnoticed: every
 * route is held to the server's own contract (./api-contract.ts: the request and response schemas
 * from contracts), and what the server computes — deadlines, summaries, readiness, previews,
 * default channels, the access window — comes from the same contracts functions the server calls.
 * `channels`: what this server sends by (GET /api/channels answers it; readiness follows it).
 */
export function createFakeWorkspace(timeZone = "UTC", channels: ChannelsInfo = channelsOff) {
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
      ...accessWindowOf(c.panic_config),
      next_deadline: nextDeadline(c, now)?.toISOString() ?? null,
      summary: describeCondition(c, now, timeZone),
    };
  };
  const readiness = (m: StoredMessage) =>
    messageReadiness({
      recipients: recipients.filter((r) => m.recipientIds.includes(r.id)),
      conditions: m.conditions.map(toCondition),
      delivered: deliveredChannels(channels),
    });
  // As the server's messages/load-last-releases.ts: the latest release, withdrawn when every grant was.
  const lastRelease = (m: StoredMessage): Message["last_release"] => {
    const latest = releases
      .filter((r) => r.message_id === m.id)
      .sort((a, b) => Date.parse(b.released_at) - Date.parse(a.released_at))[0];
    if (!latest) return null;
    const cancelled = latest.grants.map((g) => g.cancelled_at);
    const withdrawn = cancelled.length > 0 && cancelled.every((at) => at !== null);
    return {
      release_id: latest.release_id,
      released_at: latest.released_at,
      withdrawn_at: withdrawn ? (cancelled as string[]).sort().at(-1)! : null,
    };
  };
  const toMessage = (m: StoredMessage): Message => ({
    id: m.id,
    title: m.title,
    text_content: m.text_content,
    share_location: m.share_location,
    location_latitude: m.location_latitude,
    location_longitude: m.location_longitude,
    location_name: m.location_name,
    created_at: m.created_at,
    updated_at: m.updated_at,
    recipients: recipients.filter((r) => m.recipientIds.includes(r.id)),
    conditions: m.conditions.map(toCondition),
    attachments: m.attachments,
    sealed: m.sealed,
    ...readiness(m),
    last_release: lastRelease(m),
  });
  const message = (id: string) => messages.find((m) => m.id === id);
  const condition = (id: string) => messages.flatMap((m) => m.conditions).find((c) => c.id === id);
  const blank = (): StoredMessage => {
    const at = stamp();
    return {
      id: uuid(),
      title: "",
      text_content: "",
      share_location: false,
      location_latitude: null,
      location_longitude: null,
      location_name: null,
      created_at: at,
      updated_at: at,
      recipientIds: [],
      conditions: [],
      attachments: [],
      sealed: null,
    };
  };
  const ownRecipients = (ids: string[]) => ids.every((id) => recipients.some((known) => known.id === id));
  const notOwnRecipients: Refusal = {
    status: 400,
    body: {
      error: {
        code: "validation_failed",
        message: "Some of these recipients do not exist.",
        fields: { recipient_ids: "Choose from your own recipients" },
      },
    },
  };

  const routes = checkedRoutes(workspaceContract, {
    "GET /api/recipients": () => ({ body: recipients }),
    "POST /api/recipients": ({ body }) => {
      const recipient: Recipient = {
        id: uuid(),
        ...body,
        channels: body.channels ?? defaultChannels(body),
        created_at: stamp(),
        updated_at: stamp(),
      };
      recipients.push(recipient);
      return { body: recipient };
    },
    "PATCH /api/recipients/:id": ({ body, params }) => {
      const recipient = recipients.find((r) => r.id === params.id);
      if (!recipient) return notFound;
      // As the server does: the merged result must still reach the person.
      const problems = recipientProblems({ ...recipient, ...body });
      if (Object.keys(problems).length > 0) return refused(problems);
      Object.assign(recipient, body, { updated_at: stamp() });
      return { body: recipient };
    },
    "DELETE /api/recipients/:id": ({ params }) => {
      const index = recipients.findIndex((r) => r.id === params.id);
      if (index < 0) return notFound;
      recipients.splice(index, 1);
      const removed = messages.filter((m) => m.recipientIds.includes(params.id!));
      removed.forEach((m) => (m.recipientIds = m.recipientIds.filter((r) => r !== params.id)));
      return {
        body: { removed_from_messages: removed.map((m) => ({ id: m.id, title: m.title })), disarmed_conditions: [] },
      };
    },
    "GET /api/messages": () => ({
      body: messages.map((m) => {
        const { text_content, recipients: list, attachments, sealed, ...rest } = toMessage(m);
        return {
          ...rest,
          sealed: sealed !== null,
          preview: messagePreview(text_content),
          recipient_count: list.length,
          attachment_count: attachments.length,
        };
      }),
    }),
    "POST /api/messages": ({ body }) => {
      const stored: StoredMessage = { ...blank(), ...body };
      messages.push(stored);
      return { body: toMessage(stored) };
    },
    // The editor's one-request save: everything checked first, then applied, so a refusal changes nothing.
    "POST /api/messages/save": ({ body }) => saveWhole(null, body),
    "PUT /api/messages/:id": ({ body, params }) => saveWhole(params.id!, body),
    "GET /api/messages/:id": ({ params }) =>
      message(params.id!) ? { body: toMessage(message(params.id!)!) } : notFound,
    "PATCH /api/messages/:id": ({ body, params }) => {
      const stored = message(params.id!);
      if (!stored) return notFound;
      const problems = locationProblems({ ...stored, ...body });
      if (Object.keys(problems).length > 0) return refused(problems);
      Object.assign(stored, body, { updated_at: stamp() });
      return { body: toMessage(stored) };
    },
    "DELETE /api/messages/:id": ({ params }) => {
      const index = messages.findIndex((m) => m.id === params.id);
      if (index < 0) return notFound;
      messages.splice(index, 1);
      return { body: null };
    },
    "PUT /api/messages/:id/recipients": ({ body, params }) => {
      const stored = message(params.id!);
      if (!stored) return notFound;
      if (!ownRecipients(body.recipient_ids)) return notOwnRecipients;
      stored.recipientIds = body.recipient_ids;
      return { body: toMessage(stored) };
    },
    "POST /api/messages/:id/conditions": ({ body, params }) => {
      const stored = message(params.id!);
      if (!stored) return notFound;
      const at = stamp();
      const created: StoredCondition = {
        id: uuid(),
        message_id: stored.id,
        active: true,
        is_armed: true,
        last_checked: at,
        armed_at: at,
        created_at: at,
        updated_at: at,
        ...body,
      };
      stored.conditions.push(created);
      return { body: toCondition(created) };
    },
    "PATCH /api/conditions/:id": ({ body, params }) => {
      const stored = condition(params.id!);
      if (!stored) return notFound;
      Object.assign(stored, body, { armed_at: stamp(), last_checked: stamp(), updated_at: stamp() });
      return { body: toCondition(stored) };
    },
    "DELETE /api/conditions/:id": ({ params }) => {
      const owner = messages.find((m) => m.conditions.some((c) => c.id === params.id));
      if (!owner) return notFound;
      owner.conditions = owner.conditions.filter((c) => c.id !== params.id);
      return { body: null };
    },
    "POST /api/conditions/:id/arm": ({ params }) => arm(params.id!, true),
    "POST /api/conditions/:id/disarm": ({ params }) => arm(params.id!, false),
    // The header's ?active=true: the conditions in force, as the server lists them.
    "GET /api/conditions": () => ({
      body: messages
        .flatMap((m) => m.conditions)
        .map(toCondition)
        .filter(canFire),
    }),
    // Spec §4 check-in by contracts' rules, answering as the server does: what waited, what it cancelled.
    "POST /api/check-in": () => {
      const at = stamp();
      const checked = messages.flatMap((m) =>
        m.conditions
          .filter((c) => c.active && (CHECK_IN_CONDITION_TYPES as readonly string[]).includes(c.condition_type))
          .map((c) => ({ m, c, before: toCondition(c).next_deadline })),
      );
      for (const { c } of checked) Object.assign(c, { last_checked: at, updated_at: at });
      const cancelled = checked.filter(
        ({ c, before }) =>
          c.condition_type === "inactivity_to_date" && before !== null && toCondition(c).next_deadline === null,
      );
      const deadlines = checked.map(({ c }) => toCondition(c).next_deadline).filter((d): d is string => d !== null);
      return {
        body: {
          success: true as const,
          checked_in_at: at,
          conditions: checked.length,
          next_deadline: deadlines.sort()[0] ?? null,
          waiting: checked.filter(({ before }) => before !== null).length,
          cancelled: cancelled.map(({ m, c }) => ({
            condition_id: c.id,
            message_id: m.id,
            message_title: m.title,
            deliver_at: c.deliver_at!,
          })),
        },
      };
    },
    "POST /api/messages/:id/attachments": ({ raw, params }) => {
      const stored = message(params.id!);
      const file = raw instanceof FormData ? raw.get("file") : null;
      if (!stored || !(file instanceof File)) return notFound;
      const attachment: Attachment = {
        id: uuid(),
        message_id: stored.id,
        file_name: file.name,
        content_type: file.type,
        size_bytes: file.size,
        // The fake cannot see the query string: a sealed message's uploads are its sealed files.
        sealed: stored.sealed !== null,
        created_at: stamp(),
      };
      stored.attachments.push(attachment);
      return { body: attachment };
    },
    "GET /api/releases": () => ({ body: releases }),
  });

  function saveWhole(id: string | null, input: MessageSaveInput): { body: Message } | Refusal {
    const stored = id === null ? undefined : message(id);
    if (id !== null && !stored) return notFound;
    if (!ownRecipients(input.recipient_ids)) return notOwnRecipients;
    const own = stored?.conditions ?? [];
    if (
      [...input.remove_condition_ids, ...input.change_conditions.map((c) => c.id)].some(
        (c) => !own.some((o) => o.id === c),
      )
    )
      return notFound;
    const files = stored?.attachments ?? [];
    if ([...input.remove_attachment_ids, ...(input.attachment_order ?? [])].some((a) => !files.some((f) => f.id === a)))
      return notFound;
    const at = stamp();
    const target: StoredMessage = stored ?? blank();
    Object.assign(target, {
      title: input.title,
      text_content: input.text_content,
      recipientIds: input.recipient_ids,
      updated_at: at,
    });
    if (input.seal) target.sealed = { text: input.seal.text, hint: input.seal.hint };
    if (input.unseal) target.sealed = null;
    target.conditions = target.conditions.filter((c) => !input.remove_condition_ids.includes(c.id));
    for (const { id: changed, changes } of input.change_conditions)
      Object.assign(
        target.conditions.find((c) => c.id === changed)!,
        changes,
        { armed_at: at, last_checked: at, updated_at: at },
      );
    for (const added of input.add_conditions)
      target.conditions.push({
        id: uuid(),
        message_id: target.id,
        active: true,
        is_armed: true,
        last_checked: at,
        armed_at: at,
        created_at: at,
        updated_at: at,
        ...added,
      });
    target.attachments = target.attachments.filter((a) => !input.remove_attachment_ids.includes(a.id));
    // As the server does: the listed files first, in that order; the others after, as they were.
    if (input.attachment_order) {
      const order = input.attachment_order;
      target.attachments = [
        ...order.map((a) => target.attachments.find((f) => f.id === a)!),
        ...target.attachments.filter((f) => !order.includes(f.id)),
      ];
    }
    if (!stored) messages.push(target);
    return { body: toMessage(target) };
  }

  function arm(id: string, armed: boolean) {
    const stored = condition(id);
    if (!stored) return notFound;
    Object.assign(
      stored,
      armed ? { is_armed: true, active: true, armed_at: stamp(), last_checked: stamp() } : { is_armed: false },
    );
    return { body: toCondition(stored) };
  }

  /** Adds a recipient as POST /api/recipients would (the body checked by the same schema). */
  function addRecipient(r: RecipientCreate): Recipient {
    const answer = routes["POST /api/recipients"]!({ method: "POST", path: "/api/recipients", params: {}, body: r });
    if (answer.status !== 201) throw new Error(`addRecipient was refused: ${JSON.stringify(answer.body)}`);
    return answer.body as Recipient;
  }

  return { routes, recipients, messages, releases, addRecipient, channels };
}

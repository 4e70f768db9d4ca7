import {
  ACCESS_WAITING_HOURS,
  CHANNEL_LABELS,
  CHECK_IN_CONDITION_TYPES,
  DEFAULT_CONFIRMATION_SETTINGS,
  TRUSTED_CONTACT_INVITATION_TTL_MS,
  TRUSTED_CONTACTS_MAX,
  validateConfirmationSettings,
  type AccessDenyView,
  type AccessPermission,
  type ConditionConfirmationInput,
  type ConfirmationSettings,
  type ConfirmationStageView,
  type OwnerAccessRequest,
  type TrustedContact,
} from "@trigger-switch/contracts";
import { checkedRoutes, ownerContactsContract, type Refusal } from "./api-contract";
import type { createFakeWorkspace } from "./fake-workspace";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const notFound = (message: string): Refusal => ({ status: 404, body: { error: { code: "not_found", message } } });
const refused = (message: string, fields?: Record<string, string>): Refusal => ({
  status: 400,
  body: { error: { code: "validation_failed", message, ...(fields ? { fields } : {}) } },
});
const conflict = (message: string, fields?: Record<string, string>): Refusal => ({
  status: 409,
  body: { error: { code: "conflict", message, ...(fields ? { fields } : {}) } },
});

const INPUT_FIELD: Record<keyof ConfirmationSettings, keyof ConditionConfirmationInput> = {
  windowMs: "window_hours",
  holdMs: "hold_days",
  maxHoldsInARow: "max_holds_in_a_row",
  releaseAnswersNeeded: "release_answers_needed",
};

export const NO_STAGE: ConfirmationStageView = {
  status: "none",
  until: null,
  asked: 0,
  answered: 0,
  held_by: null,
  holds_in_a_row: 0,
  closed_at: null,
};

/**
 * The owner's trusted contacts and each condition's confirm before release (docs/decisions/041) in
 * memory, held to the server's contract (./api-contract.ts ownerContactsContract), refusing what
 * server/src/contacts refuses with its sentences: at most 5 invited or active, an address already
 * invited or active (a lapsed invitation is renewed), the owner's own address, an owner with no
 * first name, an invitation on a phone channel that does not reach contacts here (as
 * `workspace.channels` says); settings out of the contracts' bounds, contacts not the
 * owner's invited or active ones, and the emergency button. Conditions are the workspace's.
 * `stages`: what GET …/confirmation says of each condition's stage (tests set it; none otherwise).
 * Emergency access on request as the server answers it: the owner's requests (newest first, at most
 * 50), Deny while waiting and Revoke once granted (409 otherwise), each message's permissions (only
 * active contacts; a contact taken off the list has their waiting request for it denied), and the
 * mailed Deny link (`denyLinks`: token → the requests of one ask; a lookup changes nothing).
 */
export function createFakeOwnerContacts({
  workspace,
  owner = { email: "ada@example.com", first_name: "Ada" },
}: {
  workspace: Pick<ReturnType<typeof createFakeWorkspace>, "messages" | "channels">;
  /** What the server reads of the owner: their sign-in address and their profile's first name. */
  owner?: { email: string; first_name: string | null };
}) {
  const contacts: TrustedContact[] = [];
  const settings = new Map<string, ConfirmationSettings>();
  const chosen = new Map<string, string[]>();
  const stages = new Map<string, ConfirmationStageView>();
  /** Newest last, as added; GET answers them newest first. */
  const requests: OwnerAccessRequest[] = [];
  const permissions = new Map<string, AccessPermission[]>();
  const denyLinks = new Map<string, string[]>();
  let counter = 0;
  const uuid = () => `10000000-0000-4000-8000-${String((counter += 1)).padStart(12, "0")}`;
  const live = () => contacts.filter((c) => c.state === "invited" || c.state === "active");
  const condition = (id: string) => workspace.messages.flatMap((m) => m.conditions).find((c) => c.id === id);
  const message = (id: string) => workspace.messages.find((m) => m.id === id);
  const stamp = () => new Date().toISOString();
  const decide = (request: OwnerAccessRequest, state: OwnerAccessRequest["state"]) =>
    Object.assign(request, { state, decided_at: stamp() });
  const denyView = (ids: string[]): AccessDenyView => {
    const asked = ids.map((id) => requests.find((r) => r.id === id)!);
    const first = asked[0]!;
    return {
      contact_name: first.contact_name,
      message_titles: asked.map((r) => r.message_title),
      requested_at: first.requested_at,
      grants_at: first.grants_at,
      state: asked.some((r) => r.state === "waiting") ? "waiting" : first.state,
      decided_at: asked.some((r) => r.state === "waiting") ? null : first.decided_at,
    };
  };

  const view = (conditionId: string) => {
    const saved = settings.get(conditionId);
    const s = saved ?? DEFAULT_CONFIRMATION_SETTINGS;
    return {
      enabled: saved !== undefined,
      window_hours: s.windowMs / HOUR,
      hold_days: s.holdMs / DAY,
      max_holds_in_a_row: s.maxHoldsInARow,
      release_answers_needed: s.releaseAnswersNeeded,
      contact_ids: chosen.get(conditionId) ?? [],
      stage: stages.get(conditionId) ?? NO_STAGE,
    };
  };

  const routes = checkedRoutes(ownerContactsContract, {
    "GET /api/trusted-contacts": () => ({ body: contacts.filter((c) => c.state !== "removed") }),
    "POST /api/trusted-contacts": ({ body }) => {
      const phone = (["whatsapp", "sms"] as const).filter((c) => workspace.channels[c].uses.trusted_contacts);
      if (body.channel !== "email" && !phone.includes(body.channel))
        return refused(
          `This server does not send to trusted contacts by ${CHANNEL_LABELS[body.channel]}: invite them by ${[...phone.map((c) => CHANNEL_LABELS[c]), "e-mail"].join(" or ")}.`,
          { channel: `${CHANNEL_LABELS[body.channel]} is not available for trusted contacts here` },
        );
      if (body.address === owner.email.toLowerCase())
        return refused("A trusted contact must be someone else: this address is yours.", {
          address: "This is your own address",
        });
      if (!owner.first_name?.trim())
        return refused("Add your first name to your profile first: your trusted contacts are told who asked them.", {
          first_name: "Add your first name to your profile",
        });
      const now = new Date();
      const same = live().find((c) => c.address === body.address);
      const lapsed = same?.state === "invited" && Date.parse(same.invitation_expires_at!) <= now.getTime();
      if (same && !lapsed)
        return conflict(
          same.state === "active"
            ? `${body.address} is already one of your trusted contacts.`
            : `${body.address} already has an invitation waiting for an answer. You can invite them again if it lapses.`,
          { address: "Already one of your trusted contacts" },
        );
      if (!same && live().length >= TRUSTED_CONTACTS_MAX)
        return conflict(
          `You can have ${TRUSTED_CONTACTS_MAX} trusted contacts at once. Remove one to invite someone else.`,
        );
      const invitation = {
        name: body.name,
        invited_at: now.toISOString(),
        invitation_expires_at: new Date(now.getTime() + TRUSTED_CONTACT_INVITATION_TTL_MS).toISOString(),
      };
      if (same) {
        Object.assign(same, invitation);
        return { body: same };
      }
      const created: TrustedContact = {
        id: uuid(),
        channel: body.channel,
        address: body.address,
        state: "invited",
        responded_at: null,
        ended_at: null,
        ...invitation,
      };
      contacts.push(created);
      return { body: created };
    },
    "DELETE /api/trusted-contacts/:id": ({ params }) => {
      const found = contacts.find((c) => c.id === params.id && c.state !== "removed");
      if (!found) return notFound("There is no such trusted contact.");
      // As the server: the row stays (state removed), and so do the conditions' links to it.
      Object.assign(found, { state: "removed", ended_at: new Date().toISOString(), invitation_expires_at: null });
      return { body: { success: true as const } };
    },
    "GET /api/conditions/:id/confirmation": ({ params }) =>
      condition(params.id!) ? { body: view(params.id!) } : notFound("There is no such condition."),
    "PUT /api/conditions/:id/confirmation": ({ body, params }) => {
      const id = params.id!;
      const found = condition(id);
      if (!found) return notFound("There is no such condition.");
      if (!body.enabled) {
        settings.delete(id);
        chosen.set(id, []);
        return { body: view(id) };
      }
      if (!(CHECK_IN_CONDITION_TYPES as readonly string[]).includes(found.condition_type))
        return refused("The emergency button never waits for anyone: confirm before release is for timed conditions.");
      const ids = [...new Set(body.contact_ids)];
      const next: ConfirmationSettings = {
        windowMs: body.window_hours * HOUR,
        holdMs: body.hold_days * DAY,
        maxHoldsInARow: body.max_holds_in_a_row,
        releaseAnswersNeeded: body.release_answers_needed,
      };
      const problems = validateConfirmationSettings(next, ids.length);
      if (problems.length > 0)
        return refused(
          problems[0]!.message,
          Object.fromEntries(problems.map((p) => [INPUT_FIELD[p.field], p.message])),
        );
      const mine = live().filter((c) => ids.includes(c.id));
      if (ids.length === 0 || mine.length !== ids.length)
        return refused("Choose at least one of your trusted contacts to ask.", {
          contact_ids: "Choose at least one of your trusted contacts",
        });
      settings.set(id, next);
      chosen.set(id, ids);
      return { body: view(id) };
    },
    // As the server: each condition whose contacts are asked, or whose hold still stands, soonest first.
    "GET /api/confirmations": () => ({
      body: [...stages]
        .filter(
          ([, s]) =>
            s.status === "asking" ||
            (s.status === "held" && s.holds_in_a_row > 0 && Date.parse(s.until ?? "") > Date.now()),
        )
        .flatMap(([conditionId, stage]) => {
          const m = workspace.messages.find((x) => x.conditions.some((c) => c.id === conditionId));
          const v = view(conditionId);
          return m
            ? [
                {
                  condition_id: conditionId,
                  message_id: m.id,
                  message_title: m.title,
                  enabled: v.enabled,
                  max_holds_in_a_row: v.max_holds_in_a_row,
                  stage,
                },
              ]
            : [];
        })
        .sort((a, b) => Date.parse(a.stage.until ?? "") - Date.parse(b.stage.until ?? "")),
    }),
    "GET /api/access-requests": () => ({ body: [...requests].reverse().slice(0, 50) }),
    "POST /api/access-requests/:id/deny": ({ params }) => {
      const found = requests.find((r) => r.id === params.id);
      if (!found) return notFound("There is no such request.");
      if (found.state !== "waiting") return conflict("This request is no longer waiting, so there is nothing to deny.");
      return { body: decide(found, "denied") };
    },
    "POST /api/access-requests/:id/revoke": ({ params }) => {
      const found = requests.find((r) => r.id === params.id);
      if (!found) return notFound("There is no such request.");
      if (found.state !== "granted" || found.revoked_at !== null)
        return conflict("Only access that was granted and not revoked yet can be revoked.");
      found.revoked_at = stamp();
      return { body: found };
    },
    "GET /api/messages/:id/access-permissions": ({ params }) =>
      message(params.id!)
        ? { body: { permissions: permissions.get(params.id!) ?? [] } }
        : notFound("There is no such message."),
    "PUT /api/messages/:id/access-permissions": ({ body, params }) => {
      const id = params.id!;
      if (!message(id)) return notFound("There is no such message.");
      const active = contacts.filter((c) => c.state === "active");
      if (!body.permissions.every((p) => active.some((c) => c.id === p.contact_id)))
        return refused("Only your active trusted contacts can be allowed to ask.", {
          permissions: "Choose contacts who accepted your invitation",
        });
      const kept = new Set(body.permissions.map((p) => p.contact_id));
      for (const r of requests)
        if (r.message_id === id && r.state === "waiting" && !kept.has(r.contact_id)) decide(r, "denied");
      permissions.set(id, body.permissions);
      return { body: { permissions: body.permissions } };
    },
    "POST /api/access-requests/deny/lookup": ({ body }) => {
      const ids = denyLinks.get(body.token);
      return ids ? { body: denyView(ids) } : notFound("Not found");
    },
    "POST /api/access-requests/deny": ({ body }) => {
      const ids = denyLinks.get(body.token);
      if (!ids) return notFound("Not found");
      for (const id of ids) {
        const r = requests.find((r) => r.id === id)!;
        if (r.state === "waiting") decide(r, "denied");
      }
      return { body: denyView(ids) };
    },
  });

  /** A contact as the owner invited them, then moved to `state` as their answer would (e.g. accepted). */
  function addContact(
    name: string,
    address: string,
    state: TrustedContact["state"] = "active",
    at = new Date(),
    channel: TrustedContact["channel"] = "email",
  ): TrustedContact {
    const contact: TrustedContact = {
      id: uuid(),
      name,
      channel,
      address,
      state,
      invited_at: new Date(at.getTime() - DAY).toISOString(),
      invitation_expires_at:
        state === "invited" ? new Date(at.getTime() - DAY + TRUSTED_CONTACT_INVITATION_TTL_MS).toISOString() : null,
      // A contact who stepped down had accepted first.
      responded_at:
        state === "invited"
          ? null
          : state === "left"
            ? new Date(at.getTime() - DAY / 2).toISOString()
            : at.toISOString(),
      ended_at: state === "left" ? at.toISOString() : null,
    };
    contacts.push(contact);
    return contact;
  }

  /** Turns confirmation on for a condition as a PUT would have, without checking it. */
  function setConfirmation(conditionId: string, ids: string[], values: Partial<ConfirmationSettings> = {}): void {
    settings.set(conditionId, { ...DEFAULT_CONFIRMATION_SETTINGS, ...values });
    chosen.set(conditionId, ids);
  }

  /**
   * A contact's request for one message, as their ask would have written it (waiting until
   * `grants_at`), then as it ended if `state` says so. `denyToken`: the mailed Deny link of its ask.
   */
  function addRequest({
    contact,
    messageId,
    reason = "I have not heard from you in a week.",
    state = "waiting",
    requestedAt = new Date(Date.now() - HOUR),
    waitingHours = ACCESS_WAITING_HOURS.default,
    firstOpenedAt = null,
    revokedAt = null,
    denyToken,
  }: {
    contact: TrustedContact;
    messageId: string;
    reason?: string;
    state?: OwnerAccessRequest["state"];
    requestedAt?: Date;
    waitingHours?: number;
    firstOpenedAt?: string | null;
    revokedAt?: string | null;
    denyToken?: string;
  }): OwnerAccessRequest {
    const grantsAt = new Date(requestedAt.getTime() + waitingHours * HOUR);
    const decidedAt =
      state === "waiting" ? null : state === "granted" ? grantsAt : new Date(requestedAt.getTime() + HOUR / 2);
    const request: OwnerAccessRequest = {
      id: uuid(),
      message_id: messageId,
      message_title: message(messageId)?.title ?? "",
      contact_id: contact.id,
      contact_name: contact.name,
      reason,
      state,
      requested_at: requestedAt.toISOString(),
      grants_at: grantsAt.toISOString(),
      decided_at: decidedAt?.toISOString() ?? null,
      grant_id: state === "granted" ? uuid() : null,
      revoked_at: revokedAt,
      first_opened_at: firstOpenedAt,
    };
    requests.push(request);
    if (denyToken) denyLinks.set(denyToken, [...(denyLinks.get(denyToken) ?? []), request.id]);
    return request;
  }

  return {
    routes,
    contacts,
    stages,
    owner,
    requests,
    permissions,
    addContact,
    setConfirmation,
    addRequest,
    view,
  };
}

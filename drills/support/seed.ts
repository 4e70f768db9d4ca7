/**
 * Seeding through the real HTTP API, as people would: sign up (AUTH_AUTOCONFIRM), complete the
 * profile, add recipients, write messages, choose recipients, add a no_check_in condition.
 * Requests run in parallel; each owner comes from its own client address.
 */
import { mapLimit } from "./wait.ts";

export interface Owner {
  index: number;
  id: string;
  email: string;
  /** `email`: the recipient's address (the phone number of a phone-only recipient). */
  recipients: { id: string; email: string }[];
  /** The server this owner talks to; a drill that restarts the server points it at the new one. */
  base: string;
  api(path: string, init?: { method?: string; body?: unknown }): Promise<unknown>;
}

export interface SeededMessage {
  id: string;
  owner: Owner;
  conditionId: string;
  /** next_deadline as the API answered when the condition was created. */
  deadline: string;
  /** Addresses the release must reach. */
  recipients: string[];
}

export interface SeedPlan {
  /** Distinguishes this drill's addresses from any other's. */
  tag: string;
  owners: number;
  messagesPerOwner: number;
  recipientsPerOwner: number;
  /** no_check_in threshold in minutes (at least 5) for a given message. */
  thresholdMinutes: (ownerIndex: number, messageIndex: number) => number;
  concurrency?: number;
  /** A recipient's address and channels (default: an e-mail address of the drill's own). */
  recipient?: (ownerIndex: number, k: number) => { phone: string; channels: string[] };
}

async function call(
  base: string,
  path: string,
  { method = "GET", body, token, ip }: { method?: string; body?: unknown; token?: string; ip: string },
): Promise<unknown> {
  const headers: Record<string, string> = { "x-forwarded-for": ip };
  if (body !== undefined) headers["content-type"] = "application/json";
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${base}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

export async function signUpOwner(base: string, tag: string, index: number): Promise<Owner> {
  const email = `owner${index}.${tag}@drill.test`;
  const ip = `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
  const credentials = { email, password: "correct horse battery staple" };
  // Sign-up answers with the user only, even under autoconfirm (decision 017); the password signs in.
  await call(base, "/auth/v1/signup", { method: "POST", body: credentials, ip });
  const session = (await call(base, "/auth/v1/token?grant_type=password", {
    method: "POST",
    body: credentials,
    ip,
  })) as { access_token?: string; user?: { id: string } };
  if (!session.access_token || !session.user)
    throw new Error(`sign-up of ${email} gave no session (is AUTH_AUTOCONFIRM on?)`);
  const token = session.access_token;
  const owner: Owner = {
    index,
    id: session.user.id,
    email,
    recipients: [],
    base,
    api: (path, init = {}) => call(owner.base, path, { ...init, token, ip }),
  };
  // The web app asks for a complete profile (first name, last name, WhatsApp number) before anything else.
  await owner.api("/api/profile", {
    method: "PUT",
    body: {
      first_name: "Drill",
      last_name: `Owner${index}`,
      whatsapp_number: `+4477009${String(index).padStart(5, "0")}`,
    },
  });
  return owner;
}

export async function seed(base: string, plan: SeedPlan): Promise<{ owners: Owner[]; messages: SeededMessage[] }> {
  const limit = plan.concurrency ?? 12;
  // Password hashing is the expensive part of a sign-up: fewer at once.
  const owners = await mapLimit(
    Array.from({ length: plan.owners }, (_, i) => i),
    3,
    (i) => signUpOwner(base, plan.tag, i),
  );
  const recipientJobs = owners.flatMap((o) => Array.from({ length: plan.recipientsPerOwner }, (_, k) => ({ o, k })));
  await mapLimit(recipientJobs, limit, async ({ o, k }) => {
    const email = `r${k}.o${o.index}.${plan.tag}@drill.test`;
    const address = plan.recipient?.(o.index, k) ?? { email };
    const r = (await o.api("/api/recipients", { method: "POST", body: { name: `Recipient ${k}`, ...address } })) as {
      id: string;
    };
    o.recipients[k] = { id: r.id, email: "phone" in address ? address.phone : email };
  });
  const messageJobs = owners.flatMap((o) => Array.from({ length: plan.messagesPerOwner }, (_, m) => ({ o, m })));
  const messages = await mapLimit(messageJobs, limit, async ({ o, m }): Promise<SeededMessage> => {
    const message = (await o.api("/api/messages", {
      method: "POST",
      body: {
        title: `Drill message ${m} of owner ${o.index}`,
        text_content: "If you read this, the drill delivered it.",
      },
    })) as { id: string };
    await o.api(`/api/messages/${message.id}/recipients`, {
      method: "PUT",
      body: { recipient_ids: o.recipients.map((r) => r.id) },
    });
    const minutes = plan.thresholdMinutes(o.index, m);
    const condition = (await o.api(`/api/messages/${message.id}/conditions`, {
      method: "POST",
      body: {
        condition_type: "no_check_in",
        hours_threshold: Math.floor(minutes / 60),
        minutes_threshold: minutes % 60,
      },
    })) as { id: string; next_deadline: string | null };
    if (!condition.next_deadline) throw new Error(`condition of message ${message.id} has no deadline`);
    return {
      id: message.id,
      owner: o,
      conditionId: condition.id,
      deadline: condition.next_deadline,
      recipients: o.recipients.map((r) => r.email),
    };
  });
  return { owners, messages };
}

/** "<message id> <address>" for every release mail that must arrive exactly once. */
export function expectedReleaseKeys(messages: SeededMessage[]): Set<string> {
  return new Set(messages.flatMap((m) => m.recipients.map((r) => `${m.id} ${r}`)));
}

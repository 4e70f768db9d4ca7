import type { OwnerChannels, RecipientChannel } from "@trigger-switch/contracts";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { inboundMessages } from "../../src/db/schema.ts";
import { createCondition, createMessage, createRecipient, put, post } from "./content.ts";
import type { Database } from "../../src/db/connect.ts";
import { startFakeTwilio, type FakeTwilio } from "./fake-twilio.ts";
import { startFakeWhatsApp, type FakeWhatsApp } from "./fake-whatsapp.ts";
import { startAutoconfirmApp } from "./fixtures.ts";
import type { TestApp } from "./test-app.ts";
import { until } from "./until.ts";
import { signUpUser, type SignedInUser } from "./users.ts";

export interface ChannelsTestApp {
  t: TestApp;
  whatsapp: FakeWhatsApp;
  twilio: FakeTwilio;
  close(): Promise<void>;
}

/**
 * The real server with WhatsApp and SMS pointed at the local provider servers, which call its
 * webhooks back. `opts.database`: an open database to use (the caller closes it) instead of a fresh one.
 */
export async function startChannelsApp(
  env: Record<string, string> = {},
  opts: { statusDelayMs?: number; database?: Database } = {},
): Promise<ChannelsTestApp> {
  const whatsapp = await startFakeWhatsApp({ statusDelayMs: opts.statusDelayMs });
  const twilio = await startFakeTwilio();
  // TRUST_PROXY: each test user comes from its own address (withOwnAddress), so the per-IP limits stay per person.
  const t = await startAutoconfirmApp(
    {
      JWT_EXPIRY: "86400",
      TRUST_PROXY: "true",
      ...whatsapp.env,
      ...twilio.env,
      ...env,
    },
    { database: opts.database },
  );
  whatsapp.webhookUrl = `${t.url}/webhooks/whatsapp`;
  whatsapp.useClock(() => t.clock.now());
  twilio.inboundUrl = `${t.url}/webhooks/twilio/sms`;
  return {
    t,
    whatsapp,
    twilio,
    async close() {
      await whatsapp.settled();
      await twilio.settled();
      await t.close();
      await whatsapp.close();
      await twilio.close();
    },
  };
}

/**
 * Waits until the inbox has handled the message with this provider id (done or given up): a
 * webhook answers once the message is recorded, before it is handled. Returns its state.
 */
export async function handled(c: ChannelsTestApp, providerMessageId: string): Promise<"done" | "failed"> {
  const rows = await until(
    () =>
      c.t.database.db
        .select({ state: inboundMessages.state })
        .from(inboundMessages)
        .where(eq(inboundMessages.providerMessageId, providerMessageId)),
    (r) => r.length > 0 && r[0]!.state !== "pending",
  );
  const state = rows[0]?.state;
  if (state !== "done" && state !== "failed")
    throw new Error(`message ${providerMessageId} is ${state ?? "not recorded"}`);
  return state;
}

let numbers = 0;
/** A fresh UK mobile number from Ofcom's drama range, unique within the run. */
export const newNumber = () =>
  `+4477009${String(process.pid % 100).padStart(2, "0")}${String(++numbers).padStart(3, "0")}`;

/** Saves the profile with `number` and proves it with the code the provider delivered. */
export async function verifyNumber(
  c: ChannelsTestApp,
  user: SignedInUser,
  number: string,
  channel: "whatsapp" | "sms" = "whatsapp",
): Promise<OwnerChannels> {
  const saved = await put(user, "/api/profile", {
    first_name: "Ada",
    last_name: "Lovelace",
    whatsapp_number: number,
    time_zone: "Europe/London",
  });
  if (!saved.ok) throw new Error(`profile: ${saved.status} ${await saved.text()}`);
  const before =
    channel === "whatsapp"
      ? c.whatsapp.sent.filter((m) => m.to === number).length
      : c.twilio.sent.filter((m) => m.to === number).length;
  const asked = await post(user, "/api/profile/channels/code", { channel });
  if (!asked.ok) throw new Error(`code: ${asked.status} ${await asked.text()}`);
  const code =
    channel === "whatsapp"
      ? (await c.whatsapp.waitForMessage(number, before + 1)).template!.body[0]!
      : /\d{6}/.exec((await c.twilio.waitForMessage(number, before + 1)).body)![0];
  const done = await post(user, "/api/profile/channels/verify", { code });
  if (!done.ok) throw new Error(`verify: ${done.status} ${await done.text()}`);
  return (await done.json()) as OwnerChannels;
}

let addresses = 0;
/** The user's requests come from an address of their own (the app runs with TRUST_PROXY in these tests). */
export function withOwnAddress(user: SignedInUser): SignedInUser {
  const ip = `10.9.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`;
  return {
    ...user,
    api: (path, init = {}) =>
      user.api(path, {
        ...init,
        headers: { ...(init.headers as Record<string, string> | undefined), "x-forwarded-for": ip },
      }),
  };
}

/**
 * An owner (Ada Lovelace, London) whose message "The spare key" goes to one recipient, Sam, after a
 * 1-hour silence (`condition` adds to or changes that condition).
 */
export async function armedForSam(
  c: ChannelsTestApp,
  recipient: { email?: string | null; phone?: string | null; channels: RecipientChannel[] },
  condition: Record<string, unknown> = {},
) {
  const owner = withOwnAddress(await signUpUser(c.t));
  await put(owner, "/api/profile", { first_name: "Ada", last_name: "Lovelace", time_zone: "Europe/London" });
  const message = await createMessage(owner, { title: "The spare key", text_content: "It is under the blue pot." });
  const r = await createRecipient(owner, {
    name: "Sam",
    email: recipient.email ?? null,
    phone: recipient.phone ?? null,
    channels: recipient.channels,
  });
  expect((await put(owner, `/api/messages/${message.id}/recipients`, { recipient_ids: [r.id] })).status).toBe(200);
  const cond = await createCondition(owner, message.id, {
    condition_type: "no_check_in",
    hours_threshold: 1,
    ...condition,
  });
  return { owner, messageId: message.id, conditionId: cond.id, recipientId: r.id };
}

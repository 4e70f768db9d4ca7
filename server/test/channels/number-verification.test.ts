import type { OwnerChannels } from "@trigger-switch/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { numberVerificationCodes } from "../../src/db/schema.ts";
import { outboxMails } from "../support/outbox.ts";
import {
  startChannelsApp,
  newNumber,
  verifyNumber,
  withOwnAddress,
  type ChannelsTestApp,
} from "../support/channels.ts";
import { post, put, type ApiErrorBody } from "../support/content.ts";
import { signUpUser, type SignedInUser } from "../support/users.ts";

let c: ChannelsTestApp;

beforeAll(async () => {
  c = await startChannelsApp();
});
afterAll(() => c.close());

const MINUTE = 60_000;
const saveNumber = (user: SignedInUser, number: string) =>
  put(user, "/api/profile", { first_name: "Ada", last_name: "Lovelace", whatsapp_number: number });
const ask = (user: SignedInUser, channel: "whatsapp" | "sms" = "whatsapp") =>
  post(user, "/api/profile/channels/code", { channel });
const check = (user: SignedInUser, code: string) => post(user, "/api/profile/channels/verify", { code });
const state = async (user: SignedInUser) => (await (await user.api("/api/profile/channels")).json()) as OwnerChannels;
const codeOf = (m: { template?: { body: string[] } }) => m.template!.body[0]!;
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

async function freshOwner(): Promise<{ user: SignedInUser; number: string }> {
  const user = withOwnAddress(await signUpUser(c.t));
  const number = newNumber();
  expect((await saveNumber(user, number)).status).toBe(200);
  return { user, number };
}

describe("asking for a code", () => {
  it("sends 6 digits by WhatsApp as the authentication template, with the copy-code button", async () => {
    const { user, number } = await freshOwner();
    const res = await ask(user);
    expect(res.status).toBe(200);
    const body = (await res.json()) as OwnerChannels;
    expect(body).toMatchObject({ number, verified: null, pending: { channel: "whatsapp", attempts_left: 5 } });
    expect(new Date(body.pending!.expires_at).getTime() - c.t.clock.now().getTime()).toBe(10 * MINUTE);
    const message = await c.whatsapp.waitForMessage(number);
    expect(message.type).toBe("template");
    expect(message.template).toMatchObject({ name: "verification_code", language: "en" });
    expect(codeOf(message)).toMatch(/^\d{6}$/);
    expect(message.template!.urlButton).toBe(codeOf(message));
    // The code is stored only as a hash.
    const rows = await c.t.database.db
      .select()
      .from(numberVerificationCodes)
      .where(eq(numberVerificationCodes.userId, user.id));
    expect(JSON.stringify(rows)).not.toContain(codeOf(message));
    await c.whatsapp.settled();
    expect((await state(user)).pending?.delivery).toBe("delivered");
  });

  it("sends it by SMS through Twilio", async () => {
    const { user, number } = await freshOwner();
    expect((await ask(user, "sms")).status).toBe(200);
    const sms = await c.twilio.waitForMessage(number);
    expect(sms.body).toMatch(/^Your Trigger Switch code is \d{6}\. It expires in 10 minutes\./);
  });

  it("needs a saved number, and waits a minute between codes and caps them at five an hour", async () => {
    const nobody = withOwnAddress(await signUpUser(c.t));
    const none = await ask(nobody);
    expect(none.status).toBe(409);
    expect(((await none.json()) as ApiErrorBody).error.message).toMatch(/Save your WhatsApp number/);

    const { user } = await freshOwner();
    expect((await ask(user)).status).toBe(200);
    const soon = await ask(user);
    expect(soon.status).toBe(429);
    expect(((await soon.json()) as ApiErrorBody).error.message).toBe("You can ask for a new code in 60 seconds.");
    for (let i = 0; i < 4; i++) {
      c.t.clock.advance(MINUTE);
      expect((await ask(user)).status).toBe(200);
    }
    c.t.clock.advance(MINUTE);
    expect((await ask(user)).status).toBe(429);
    expect((await state(user)).resend_at).not.toBeNull();
  });

  it("says plainly when WhatsApp refuses the number, and the failed try does not count", async () => {
    const { user, number } = await freshOwner();
    c.whatsapp.failNext(400, 100, "(#100) Invalid parameter");
    const res = await ask(user);
    expect(res.status).toBe(409);
    expect(((await res.json()) as ApiErrorBody).error.message).toMatch(
      new RegExp(`^WhatsApp could not take a code for \\${number}: .*You can try SMS instead\\.$`),
    );
    c.whatsapp.failNext(503, 131016, "Service unavailable");
    expect((await ask(user)).status).toBe(503);
    expect((await ask(user)).status).toBe(200);
  });

  it("shows a code that could not be delivered, from the failed receipt", async () => {
    const { user, number } = await freshOwner();
    c.whatsapp.notOnWhatsApp.add(number);
    expect((await ask(user)).status).toBe(200);
    await c.whatsapp.waitForMessage(number);
    await c.whatsapp.settled();
    expect((await state(user)).pending).toMatchObject({
      delivery: "failed",
      delivery_error: expect.stringContaining("Message undeliverable"),
    });
  });
});

describe("checking the code", () => {
  it("verifies the number with the right code, once", async () => {
    const { user, number } = await freshOwner();
    await ask(user);
    const code = codeOf(await c.whatsapp.waitForMessage(number));
    const res = await check(user, ` ${code.slice(0, 3)} ${code.slice(3)} `);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ verified: { via: "whatsapp" }, pending: null });
    const again = await check(user, code);
    expect(again.status).toBe(409);
  });

  it("expires after 10 minutes", async () => {
    const { user, number } = await freshOwner();
    await ask(user);
    const code = codeOf(await c.whatsapp.waitForMessage(number));
    c.t.clock.advance(10 * MINUTE);
    const res = await check(user, code);
    expect(res.status).toBe(400);
    expect(((await res.json()) as ApiErrorBody).error.fields?.code).toBe("This code has expired. Ask for a new one.");
  });

  it("allows five tries, then not even the right code works", async () => {
    const { user, number } = await freshOwner();
    await ask(user);
    const code = codeOf(await c.whatsapp.waitForMessage(number));
    const answers: string[] = [];
    for (let i = 0; i < 5; i++)
      answers.push(((await (await check(user, wrong(code))).json()) as ApiErrorBody).error.message);
    expect(answers[0]).toBe("That code is not right. 4 tries left.");
    expect(answers[3]).toBe("That code is not right. 1 try left.");
    expect(answers[4]).toBe("That code is not right, and that was the last try. Ask for a new code.");
    const locked = await check(user, code);
    expect(locked.status).toBe(400);
    expect(((await locked.json()) as ApiErrorBody).error.message).toBe(
      "Too many wrong tries for this code. Ask for a new one.",
    );
    expect((await state(user)).verified).toBeNull();
  });

  it("counts parallel wrong guesses: no more than five are ever checked", async () => {
    const { user, number } = await freshOwner();
    await ask(user);
    const code = codeOf(await c.whatsapp.waitForMessage(number));
    const results = await Promise.all(Array.from({ length: 12 }, () => check(user, wrong(code))));
    expect(results.every((r) => r.status === 400)).toBe(true);
    const [row] = await c.t.database.db
      .select()
      .from(numberVerificationCodes)
      .where(eq(numberVerificationCodes.userId, user.id));
    expect(row?.attempts).toBe(5);
  });

  it("refuses a code that is not 6 digits with a message to act on", async () => {
    const { user } = await freshOwner();
    const res = await check(user, "12a456");
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain("Enter the 6 digits of the code");
  });

  it("replaces an earlier code with a new one", async () => {
    const { user, number } = await freshOwner();
    await ask(user);
    const first = codeOf(await c.whatsapp.waitForMessage(number));
    c.t.clock.advance(MINUTE);
    await ask(user);
    const second = codeOf(await c.whatsapp.waitForMessage(number, 2));
    if (first !== second) expect((await check(user, first)).status).toBe(400);
    expect((await check(user, second)).status).toBe(200);
  });
});

describe("who owns a number", () => {
  it("ends the proof when the profile's number changes, and does not bring it back", async () => {
    const user = withOwnAddress(await signUpUser(c.t));
    const number = newNumber();
    expect((await verifyNumber(c, user, number)).verified).not.toBeNull();
    expect((await saveNumber(user, newNumber())).status).toBe(200);
    expect((await state(user)).verified).toBeNull();
    expect((await saveNumber(user, number)).status).toBe(200);
    expect((await state(user)).verified).toBeNull();
  });

  it("moves a recycled number to the account that proves it now, and tells the previous owner", async () => {
    const number = newNumber();
    const first = withOwnAddress(await signUpUser(c.t));
    await verifyNumber(c, first, number);
    const second = withOwnAddress(await signUpUser(c.t));
    c.t.clock.advance(MINUTE);
    await verifyNumber(c, second, number);
    expect((await state(first)).verified).toBeNull();
    expect((await state(second)).verified).not.toBeNull();
    const mails = await outboxMails(c.t, first.email);
    expect(mails.map((m) => m.subject)).toContain("Your phone number no longer checks you in");
  });

  it("keeps each account to its own number", async () => {
    const { user } = await freshOwner();
    const other = withOwnAddress(await signUpUser(c.t));
    expect((await other.api("/api/profile/channels")).status).toBe(200);
    expect((await state(other)).number).toBeNull();
    expect((await state(user)).number).not.toBeNull();
    expect((await fetch(`${c.t.url}/api/profile/channels`)).status).toBe(401);
  });
});

describe("reminder channels", () => {
  it("always keeps e-mail, and takes WhatsApp or SMS only with a verified number", async () => {
    const { user, number } = await freshOwner();
    expect((await state(user)).reminder_channels).toEqual(["email"]);
    const early = await put(user, "/api/profile/channels/reminders", { channels: ["email", "whatsapp"] });
    expect(early.status).toBe(409);
    expect(((await early.json()) as ApiErrorBody).error.message).toMatch(/^Verify your number first/);
    expect((await put(user, "/api/profile/channels/reminders", { channels: ["whatsapp"] })).status).toBe(400);
    await verifyNumber(c, user, number);
    const res = await put(user, "/api/profile/channels/reminders", { channels: ["sms", "whatsapp", "email"] });
    expect(res.status).toBe(200);
    expect(((await res.json()) as OwnerChannels).reminder_channels).toEqual(["email", "whatsapp", "sms"]);
    expect((await put(user, "/api/profile/channels/reminders", { channels: ["email", "email"] })).status).toBe(400);
    expect((await put(user, "/api/profile/channels/reminders", { channels: ["email", "pigeon"] })).status).toBe(400);
  });
});

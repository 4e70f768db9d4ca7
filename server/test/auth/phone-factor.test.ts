import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeJwt } from "jose";
import { newNumber, startChannelsApp, type ChannelsTestApp } from "../support/channels.ts";
import { startTestApp } from "../support/test-app.ts";
import { authClient, newEmail, signedInClient, waitForMail } from "./auth-test-helpers.ts";

/** The phone factor through the real auth-js client, its codes through the local WhatsApp and Twilio servers. */
let c: ChannelsTestApp;
beforeAll(async () => {
  c = await startChannelsApp();
});
afterAll(async () => {
  await c?.close();
});

const password = "correct horse battery";

const signedIn = (email = newEmail("phone")) => signedInClient(c.t, email, password);

const smsCode = async (to: string, n: number) => /\b(\d{6})\b/.exec((await c.twilio.waitForMessage(to, n)).body)![1]!;
const whatsappCode = async (to: string, n: number) => (await c.whatsapp.waitForMessage(to, n)).template!.body[0]!;

/** Enrols `phone` and finishes with the SMS code, as the Security section does. */
async function withPhone(phone = newNumber()) {
  const user = await signedIn();
  const { data: enrolled, error } = await user.client.mfa.enroll({
    factorType: "phone",
    friendlyName: "My phone",
    phone,
  });
  expect(error).toBeNull();
  const { data: challenge } = await user.client.mfa.challenge({ factorId: enrolled!.id, channel: "sms" });
  const verified = await user.client.mfa.verify({
    factorId: enrolled!.id,
    challengeId: challenge!.id,
    code: await smsCode(phone, 1),
  });
  expect(verified.error).toBeNull();
  // The next code may be asked for only after the pause between codes.
  c.t.clock.advance(31_000);
  return { ...user, phone, factorId: enrolled!.id };
}

describe("the phone factor", () => {
  it("enrols a number (spaces dropped), sends the code by SMS and finishes at aal2 with mfa/phone in amr", async () => {
    const { client, email } = await signedIn();
    const phone = newNumber();
    const spaced = `${phone.slice(0, 3)} ${phone.slice(3, 7)} ${phone.slice(7)}`;
    const { data: enrolled, error } = await client.mfa.enroll({
      factorType: "phone",
      friendlyName: "My phone",
      phone: spaced,
    });
    expect(error).toBeNull();
    expect(enrolled).toMatchObject({ type: "phone", friendly_name: "My phone", phone });

    const events: string[] = [];
    client.onAuthStateChange((event) => events.push(event));
    const { data: challenge, error: challengeError } = await client.mfa.challenge({
      factorId: enrolled!.id,
      channel: "sms",
    });
    expect(challengeError).toBeNull();
    expect(challenge).toMatchObject({ type: "phone" });
    const sms = await c.twilio.waitForMessage(phone, 1);
    expect(sms.body).toMatch(/^Your Trigger Switch sign-in code is \d{6}\./);

    const { data, error: verifyError } = await client.mfa.verify({
      factorId: enrolled!.id,
      challengeId: challenge!.id,
      code: await smsCode(phone, 1),
    });
    expect(verifyError).toBeNull();
    expect(events).toContain("MFA_CHALLENGE_VERIFIED");
    const claims = decodeJwt(data!.access_token) as { aal: string; amr: { method: string }[] };
    expect(claims.aal).toBe("aal2");
    expect(claims.amr.map((m) => m.method)).toEqual(["password", "mfa/phone"]);
    const factors = await client.mfa.listFactors();
    expect(factors.data!.phone).toEqual([expect.objectContaining({ id: enrolled!.id, status: "verified", phone })]);
    await waitForMail(c.t, email, "A second factor was added to your Trigger Switch account");
  });

  it("signs in with a code sent by WhatsApp (the verification template), once only", async () => {
    const { email, phone, factorId } = await withPhone();
    const client = authClient(c.t);
    await client.signInWithPassword({ email, password });
    expect((await client.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: "aal1",
      nextLevel: "aal2",
    });

    const { data: challenge } = await client.mfa.challenge({ factorId, channel: "whatsapp" });
    const message = await c.whatsapp.waitForMessage(phone, 1);
    expect(message).toMatchObject({ type: "template", template: { name: "verification_code" } });
    const code = await whatsappCode(phone, 1);
    expect((await client.mfa.verify({ factorId, challengeId: challenge!.id, code })).error).toBeNull();
    expect((await client.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: "aal2" });

    // The answered challenge cannot be answered again, not even in this session.
    const again = await client.mfa.verify({ factorId, challengeId: challenge!.id, code });
    expect(again.error).toMatchObject({ status: 422, code: "mfa_challenge_used" });
  });

  it("binds each code to its challenge: challengeAndVerify with an older code fails, a wrong code is counted", async () => {
    const { email, phone, factorId } = await withPhone();
    const client = authClient(c.t);
    await client.signInWithPassword({ email, password });
    // challengeAndVerify asks for a new challenge (a new SMS), so the enrolment's code does not answer it.
    const stale = await smsCode(phone, 1);
    const { error } = await client.mfa.challengeAndVerify({ factorId, code: stale });
    expect(error).toMatchObject({ status: 422, code: "mfa_verification_failed" });
    expect(error!.message).toContain("newest message");
    // The new SMS's code answers a challenge of its own only; a fresh challenge with it fails too.
    const newest = await smsCode(phone, 2);
    c.t.clock.advance(31_000);
    const { data: other } = await client.mfa.challenge({ factorId });
    expect((await client.mfa.verify({ factorId, challengeId: other!.id, code: newest })).error).toMatchObject({
      code: "mfa_verification_failed",
    });
    const right = await smsCode(phone, 3);
    expect((await client.mfa.verify({ factorId, challengeId: other!.id, code: right })).error).toBeNull();
  });

  it("publishes the channels that can carry codes in /settings", async () => {
    const settings = (await (await fetch(`${c.t.url}/auth/v1/settings`)).json()) as { mfa_phone_channels: string[] };
    expect(settings.mfa_phone_channels).toEqual(["sms", "whatsapp"]);
  });

  it("holds back a second code within 30 seconds and refuses numbers that are not E.164", async () => {
    const { client } = await signedIn();
    const bad = await client.mfa.enroll({ factorType: "phone", phone: "07700 900123" });
    expect(bad.error).toMatchObject({ status: 400, code: "validation_failed" });
    expect(bad.error!.message).toContain("international format");

    const phone = newNumber();
    const { data: enrolled } = await client.mfa.enroll({ factorType: "phone", phone });
    expect((await client.mfa.challenge({ factorId: enrolled!.id, channel: "sms" })).error).toBeNull();
    const soon = await client.mfa.challenge({ factorId: enrolled!.id, channel: "sms" });
    expect(soon.error).toMatchObject({ status: 429, code: "over_sms_send_rate_limit" });
    expect(c.twilio.sent.filter((m) => m.to === phone)).toHaveLength(1);
  });

  it("leaves no challenge when the provider refuses the number, and says why", async () => {
    const { client } = await signedIn();
    const phone = newNumber();
    const { data: enrolled } = await client.mfa.enroll({ factorType: "phone", phone });
    c.twilio.failNext(400, 21211, `Invalid 'To' Phone Number: ${phone}`);
    const { error } = await client.mfa.challenge({ factorId: enrolled!.id, channel: "sms" });
    expect(error).toMatchObject({ status: 422, code: "sms_send_failed" });
    expect(error!.message).toContain("SMS could not take a code");
  });
});

describe("a server without SMS or WhatsApp", () => {
  it("refuses to enrol a phone and names the settings that are missing", { timeout: 120_000 }, async () => {
    const t = await startTestApp({ AUTH_AUTOCONFIRM: "true" });
    try {
      const { client } = await signedInClient(t, newEmail("nophone"), password);
      const { error } = await client.mfa.enroll({ factorType: "phone", phone: "+447700900123" });
      expect(error).toMatchObject({ status: 422, code: "mfa_phone_enroll_not_enabled" });
      expect(error!.message).toContain("TWILIO_ACCOUNT_SID");
      expect(error!.message).toContain("WHATSAPP_ACCESS_TOKEN");
      // The sign-in and Security pages learn it from /settings.
      const settings = (await (await fetch(`${t.url}/auth/v1/settings`)).json()) as { mfa_phone_channels: string[] };
      expect(settings.mfa_phone_channels).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeJwt } from "jose";
import { totpCode } from "../../src/auth/factors/totp.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { authClient, authenticatorAccount, call, newEmail, signedInClient, waitForMail } from "./auth-test-helpers.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ AUTH_AUTOCONFIRM: "true" });
});
afterAll(async () => {
  await t?.close();
});

const password = "correct horse battery";
const STEP_MS = 30_000;

const signedIn = (email = newEmail("mfa")) => signedInClient(t, email, password);
/** Enrolled and verified; the next code comes from a later time step, since each is accepted once. */
const withAuthenticator = () => authenticatorAccount(t, newEmail("mfa"), password);

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const accessOf = async (client: ReturnType<typeof authClient>) =>
  (await client.getSession()).data.session!.access_token;

describe("enrolling an authenticator app", () => {
  it("answers with the secret, its otpauth URI and the QR code as an inline SVG data URI", async () => {
    const { client, email } = await signedIn();
    const { data, error } = await client.mfa.enroll({
      factorType: "totp",
      friendlyName: "Phone app",
      issuer: "Trigger Switch",
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({ type: "totp", friendly_name: "Phone app" });
    expect(data!.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(data!.totp.uri).toBe(
      `otpauth://totp/Trigger%20Switch:${encodeURIComponent(email)}?issuer=Trigger%20Switch&secret=${data!.totp.secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(data!.totp.qr_code.startsWith("data:image/svg+xml;utf-8,<svg")).toBe(true);
    // auth-js does not encode the SVG: a "#" would cut the data URI short in an <img>.
    expect(data!.totp.qr_code).not.toContain("#");

    const listed = await client.mfa.listFactors();
    expect(listed.data!.all).toEqual([
      expect.objectContaining({ id: data!.id, factor_type: "totp", status: "unverified", friendly_name: "Phone app" }),
    ]);
    expect(listed.data!.totp).toEqual([]);
    expect(JSON.stringify(listed.data)).not.toContain(data!.totp.secret);
  });

  it("finishes with a right code: the factor is verified, the session is aal2 with totp in amr, and the owner is told", async () => {
    const { client, email } = await signedIn();
    const events: string[] = [];
    client.onAuthStateChange((event) => events.push(event));
    const { data: enrolled } = await client.mfa.enroll({ factorType: "totp", friendlyName: "Phone app" });
    const { data: challenge } = await client.mfa.challenge({ factorId: enrolled!.id });
    expect(challenge!.type).toBe("totp");
    expect(challenge!.expires_at).toBe(Math.floor(t.clock.now().getTime() / 1000) + 300);
    const { data, error } = await client.mfa.verify({
      factorId: enrolled!.id,
      challengeId: challenge!.id,
      code: totpCode(enrolled!.totp.secret, t.clock.now()),
    });
    expect(error).toBeNull();
    expect(events).toContain("MFA_CHALLENGE_VERIFIED");

    const claims = decodeJwt(data!.access_token) as { aal: string; amr: { method: string }[] };
    expect(claims.aal).toBe("aal2");
    expect(claims.amr.map((m) => m.method)).toEqual(["password", "totp"]);
    const level = await client.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: "aal2", nextLevel: "aal2" });
    expect((await client.mfa.listFactors()).data!.totp).toEqual([
      expect.objectContaining({ id: enrolled!.id, status: "verified" }),
    ]);
    await waitForMail(t, email, "A second factor was added to your Trigger Switch account");
  });

  it("says plainly that phone factors need SMS or WhatsApp on a server without them", async () => {
    const { client } = await signedIn();
    const { error } = await client.mfa.enroll({ factorType: "phone", phone: "+447700900123" });
    expect(error).toMatchObject({ status: 422, code: "mfa_phone_enroll_not_enabled" });
  });
});

describe("signing in on an account with an authenticator", () => {
  it("gives a password sign-in aal1 with aal2 next, opens no API until the code, then aal2", async () => {
    const { email, secret, factorId } = await withAuthenticator();
    const client = authClient(t);
    await client.signInWithPassword({ email, password });
    expect((await client.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: "aal1",
      nextLevel: "aal2",
    });

    const refused = await fetch(`${t.url}/api/profile`, { headers: bearer(await accessOf(client)) });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("insufficient_aal");

    const { error } = await client.mfa.challengeAndVerify({ factorId, code: totpCode(secret, t.clock.now()) });
    expect(error).toBeNull();
    expect((await client.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: "aal2",
      nextLevel: "aal2",
    });
    expect((await fetch(`${t.url}/api/profile`, { headers: bearer(await accessOf(client)) })).status).toBe(200);
  });

  it("accepts each code once: the same code again is refused, also in another session", async () => {
    const { email, secret, factorId } = await withAuthenticator();
    const code = totpCode(secret, t.clock.now());
    const first = authClient(t);
    await first.signInWithPassword({ email, password });
    expect((await first.mfa.challengeAndVerify({ factorId, code })).error).toBeNull();

    const second = authClient(t);
    await second.signInWithPassword({ email, password });
    const replay = await second.mfa.challengeAndVerify({ factorId, code });
    // Said as what it is: the code was right, and used; the phone's clock is not the problem.
    expect(replay.error).toMatchObject({ status: 422, code: "mfa_code_already_used" });
    expect(replay.error!.message).toBe(
      "That code, or a newer one, was already used. Wait for the next code your authenticator app shows and enter it.",
    );
    // Nor the code of the step before, once a newer one was used.
    const older = await second.mfa.challengeAndVerify({
      factorId,
      code: totpCode(secret, new Date(t.clock.now().getTime() - STEP_MS)),
    });
    expect(older.error).toMatchObject({ code: "mfa_code_already_used" });
    // A wrong code is still a wrong code.
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    expect((await second.mfa.challengeAndVerify({ factorId, code: wrong })).error).toMatchObject({
      code: "mfa_verification_failed",
    });
    t.clock.advance(STEP_MS);
    expect((await second.mfa.challengeAndVerify({ factorId, code: totpCode(secret, t.clock.now()) })).error).toBeNull();
  });

  it("accepts the code of the step before and after (clock drift), not two steps away", async () => {
    const { email, secret, factorId } = await withAuthenticator();
    const client = authClient(t);
    await client.signInWithPassword({ email, password });
    const far = totpCode(secret, new Date(t.clock.now().getTime() + 2 * STEP_MS));
    expect((await client.mfa.challengeAndVerify({ factorId, code: far })).error).toMatchObject({
      code: "mfa_verification_failed",
    });
    const ahead = totpCode(secret, new Date(t.clock.now().getTime() + STEP_MS));
    expect((await client.mfa.challengeAndVerify({ factorId, code: ahead })).error).toBeNull();
  });

  it("backs off after five wrong codes, longer each time, and a right code after the wait still works", async () => {
    const { email, secret, factorId } = await withAuthenticator();
    const client = authClient(t);
    await client.signInWithPassword({ email, password });
    const right = () => totpCode(secret, t.clock.now());
    const wrong = () => String((Number(right()) + 1) % 1_000_000).padStart(6, "0");
    for (let i = 0; i < 5; i++) {
      expect((await client.mfa.challengeAndVerify({ factorId, code: wrong() })).error).toMatchObject({
        status: 422,
        code: "mfa_verification_failed",
      });
    }
    // Now even the right code waits: guessing cannot go on at full speed.
    const held = await client.mfa.challengeAndVerify({ factorId, code: right() });
    expect(held.error).toMatchObject({ status: 429, code: "over_request_rate_limit" });
    expect(held.error!.message).toMatch(/Too many wrong codes\. Try again in 30 seconds/);

    t.clock.advance(30_000);
    expect((await client.mfa.challengeAndVerify({ factorId, code: wrong() })).error).toMatchObject({ status: 422 });
    expect((await client.mfa.challengeAndVerify({ factorId, code: right() })).error!.message).toMatch(
      /Try again in 60 seconds/,
    );
    t.clock.advance(60_000);
    expect((await client.mfa.challengeAndVerify({ factorId, code: right() })).error).toBeNull();
  });

  it("only lets the session that asked for a challenge answer it, and only before it expires", async () => {
    const { email, secret, factorId } = await withAuthenticator();
    const mine = authClient(t);
    await mine.signInWithPassword({ email, password });
    const { data: challenge } = await mine.mfa.challenge({ factorId });
    const other = authClient(t);
    await other.signInWithPassword({ email, password });
    const stolen = await other.mfa.verify({
      factorId,
      challengeId: challenge!.id,
      code: totpCode(secret, t.clock.now()),
    });
    expect(stolen.error).toMatchObject({ status: 422, code: "mfa_challenge_not_found" });

    t.clock.advance(5 * 60_000 + 1);
    const late = await mine.mfa.verify({ factorId, challengeId: challenge!.id, code: totpCode(secret, t.clock.now()) });
    expect(late.error).toMatchObject({ status: 422, code: "mfa_challenge_expired" });
  });
});

describe("step-up: at aal1 an account with a verified factor", () => {
  async function atAal1() {
    const owner = await withAuthenticator();
    const client = authClient(t);
    await client.signInWithPassword({ email: owner.email, password });
    return { ...owner, client, token: await accessOf(client) };
  }

  it("cannot remove the factor, add another, or change password or e-mail", async () => {
    const { client, factorId } = await atAal1();
    expect((await client.mfa.unenroll({ factorId })).error).toMatchObject({ status: 403, code: "insufficient_aal" });
    expect((await client.mfa.enroll({ factorType: "totp", friendlyName: "Second" })).error).toMatchObject({
      status: 403,
      code: "insufficient_aal",
    });
    expect((await client.updateUser({ password: "a brand new secret" })).error).toMatchObject({
      status: 403,
      code: "insufficient_aal",
    });
    expect((await client.updateUser({ email: newEmail("moved") })).error).toMatchObject({
      status: 403,
      code: "insufficient_aal",
    });
  });

  it("cannot delete a message, change its recipients or conditions, disarm, or read anything", async () => {
    // Set the switch up at aal2 first, as the owner would.
    const owner = await withAuthenticator();
    const aal2 = await accessOf(owner.client);
    const json = (token: string, method: string, body?: unknown) => ({
      method,
      headers: { ...bearer(token), ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const message = (await (
      await fetch(`${t.url}/api/messages`, json(aal2, "POST", { title: "For Sam", text_content: "Hello" }))
    ).json()) as { id: string };
    const condition = (await (
      await fetch(
        `${t.url}/api/messages/${message.id}/conditions`,
        json(aal2, "POST", { condition_type: "no_check_in", hours_threshold: 24 }),
      )
    ).json()) as { id: string };

    const thief = authClient(t);
    await thief.signInWithPassword({ email: owner.email, password });
    const token = await accessOf(thief);
    const attempts = [
      fetch(`${t.url}/api/messages/${message.id}`, json(token, "DELETE")),
      fetch(`${t.url}/api/messages/${message.id}/recipients`, json(token, "PUT", { recipient_ids: [] })),
      fetch(
        `${t.url}/api/messages/${message.id}`,
        json(token, "PUT", { title: "Stolen", remove_condition_ids: [condition.id] }),
      ),
      fetch(
        `${t.url}/api/messages/save`,
        json(token, "POST", {
          title: "Planted",
          add_conditions: [{ condition_type: "no_check_in", hours_threshold: 1 }],
        }),
      ),
      fetch(`${t.url}/api/conditions/${condition.id}`, json(token, "PATCH", { hours_threshold: 48 })),
      fetch(`${t.url}/api/conditions/${condition.id}/disarm`, json(token, "POST")),
      fetch(`${t.url}/api/messages/${message.id}`, json(token, "GET")),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(403);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("insufficient_aal");
    }
    expect((await fetch(`${t.url}/api/messages/${message.id}`, json(aal2, "GET"))).status).toBe(200);
  });

  it("at aal2 removes the factor, and the owner is told", async () => {
    const { client, factorId, email } = await withAuthenticator();
    expect((await client.mfa.unenroll({ factorId })).error).toBeNull();
    expect((await client.mfa.listFactors()).data!.all).toEqual([]);
    await waitForMail(t, email, "A second factor was removed from your Trigger Switch account");
    // Without a factor, a password sign-in is enough again.
    const again = authClient(t);
    await again.signInWithPassword({ email, password });
    expect((await again.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: "aal1",
      nextLevel: "aal1",
    });
  });
});

describe("bad input to the factor routes", () => {
  it("answers 4xx with a sentence, never 500", async () => {
    const { client } = await signedIn();
    const auth = bearer(await accessOf(client));
    const cases: [string, string, unknown][] = [
      ["POST", "/factors", { factor_type: "sms" }],
      ["POST", "/factors", { factor_type: "totp", friendly_name: "a\u0000b" }],
      ["POST", "/factors", { factor_type: "totp", issuer: "\ud800" }],
      ["POST", "/factors/not-a-uuid/challenge", {}],
      ["POST", "/factors/00000000-0000-4000-8000-000000000000/verify", { challenge_id: "x", code: "123456" }],
      [
        "POST",
        "/factors/00000000-0000-4000-8000-000000000000/verify",
        { challenge_id: "00000000-0000-4000-8000-000000000000", code: 123456 },
      ],
      ["DELETE", "/factors/00000000-0000-4000-8000-000000000000", undefined],
    ];
    for (const [method, path, body] of cases) {
      const res = await call(t, method, path, body, auth);
      expect(res.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${method} ${path}`).toBeLessThan(500);
      expect(typeof res.json?.msg).toBe("string");
    }
    expect((await call(t, "POST", "/factors", { factor_type: "totp" })).status).toBe(401);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeJwt } from "jose";
import { eq } from "drizzle-orm";
import { mfaFactors } from "../../src/db/schema.ts";
import { relyingPartyOf } from "../../src/auth/passkeys/relying-party.ts";
import { SoftAuthenticator } from "../support/soft-authenticator.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { authClient, authenticatorAccount, call, newEmail, signedInClient, waitForMail } from "./auth-test-helpers.ts";

let t: TestApp;
/** A server per group of tests: adding passkeys is limited per client address (20 in 5 minutes), as in production. */
function serverForThisGroup() {
  beforeAll(async () => {
    t = await startTestApp({ AUTH_AUTOCONFIRM: "true" });
  });
  afterAll(async () => {
    await t?.close();
  });
}

const password = "correct horse battery";
const rp = () => relyingPartyOf(t.config.SITE_URL);
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const claimsOf = (token: string) => decodeJwt(token) as { aal: string; amr: { method: string }[] };
/** auth-js serialises a credential with its toJSON(), as a browser's PublicKeyCredential has. */
const asBrowserCredential = <T extends object>(json: T) => ({ ...json, toJSON: () => json }) as never;

type CreationOptions = Parameters<SoftAuthenticator["create"]>[0];
type RequestOptions = Parameters<SoftAuthenticator["get"]>[0];

/** A signed-up account that added a passkey in Security (auth-js `passkey.*`), its session now aal2. */
async function passkeyAccount() {
  const email = newEmail("passkey");
  const { client, userId } = await signedInClient(t, email, password, { passkey: true });
  const soft = new SoftAuthenticator(rp().origin);
  const { data: options, error } = await client.passkey.startRegistration();
  expect(error).toBeNull();
  const added = await client.passkey.verifyRegistration({
    challengeId: options!.challenge_id,
    credential: soft.create(options!.options as unknown as CreationOptions) as never,
  });
  expect(added.error).toBeNull();
  const refreshed = await client.refreshSession();
  const access = refreshed.data.session!.access_token;
  return { client, email, userId, soft, passkeyId: added.data!.id, access };
}

/** A new password sign-in to the account: aal1, with the passkey as the way to aal2. */
async function passwordSignIn(email: string) {
  const client = authClient(t, { passkey: true });
  const { data, error } = await client.signInWithPassword({ email, password });
  if (error) throw error;
  return { client, access: data.session!.access_token };
}

async function stepUpChallenge(access: string, factorId: string) {
  const res = await call(t, "POST", `/factors/${factorId}/challenge`, { webauthn: { rpId: rp().id } }, bearer(access));
  expect(res.status).toBe(200);
  const json = res.json as {
    id: string;
    webauthn: { type: string; credential_options: { publicKey: RequestOptions } };
  };
  return { id: json.id, type: json.webauthn.type, options: json.webauthn.credential_options.publicKey };
}

const factorRow = async (id: string) =>
  (await t.database.db.select().from(mfaFactors).where(eq(mfaFactors.id, id)))[0]!;

async function securityLog(access: string) {
  const res = await call(t, "GET", "/user/security-log", undefined, bearer(access));
  expect(res.status).toBe(200);
  return res.json as unknown as { kind: string; detail: Record<string, string> }[];
}

async function signInOptions() {
  const res = await call(t, "POST", "/passkeys/authentication/options", {});
  expect(res.status).toBe(200);
  return res.json as { challenge_id: string; options: RequestOptions & { userVerification: string } };
}

describe("adding a passkey", () => {
  serverForThisGroup();

  it("through auth-js passkey.*: kept as a verified webauthn factor, the session raised to aal2, logged and mailed", async () => {
    const { client, email, passkeyId, access } = await passkeyAccount();
    expect(claimsOf(access).aal).toBe("aal2");
    expect(claimsOf(access).amr.map((m) => m.method)).toEqual(["password", "mfa/webauthn"]);
    const factors = (await client.mfa.listFactors()).data!;
    expect(factors.webauthn).toEqual([
      expect.objectContaining({ id: passkeyId, factor_type: "webauthn", status: "verified" }),
    ]);
    const listed = await client.passkey.list();
    expect(listed.data).toEqual([
      { id: passkeyId, friendly_name: expect.stringMatching(/^Passkey on /), created_at: expect.any(String) },
    ]);
    expect((await securityLog(access))[0]).toMatchObject({ kind: "factor_added", detail: { type: "webauthn" } });
    await waitForMail(t, email, "A second factor was added to your Trigger Switch account");
  });

  it("asks every passkey to be discoverable and excludes the ones the account has", async () => {
    const { client, soft } = await passkeyAccount();
    const { data } = await client.passkey.startRegistration();
    const options = data!.options as unknown as {
      rp: { id: string };
      authenticatorSelection: { residentKey: string };
      excludeCredentials: { id: string }[];
      attestation: string;
    };
    expect(options.rp.id).toBe(rp().id);
    expect(options.authenticatorSelection.residentKey).toBe("required");
    expect(options.attestation).toBe("none");
    expect(options.excludeCredentials.map((c) => c.id)).toEqual([soft.credentials[0]!.id.toString("base64url")]);
  });

  it("through GoTrue's factor calls (auth-js mfa.webauthn's wire format): enrol, challenge create, verify create", async () => {
    const { client } = await signedInClient(t, newEmail("passkey"), password);
    const access = (await client.getSession()).data.session!.access_token;
    const enrolled = await call(
      t,
      "POST",
      "/factors",
      { factor_type: "webauthn", friendly_name: "Security key" },
      bearer(access),
    );
    expect(enrolled.json).toMatchObject({ type: "webauthn", friendly_name: "Security key" });
    const factorId = enrolled.json!.id as string;
    const challenge = await call(t, "POST", `/factors/${factorId}/challenge`, {}, bearer(access));
    const webauthn = challenge.json!.webauthn as { type: string; credential_options: { publicKey: CreationOptions } };
    expect(webauthn.type).toBe("create");
    const soft = new SoftAuthenticator(rp().origin);
    const events: string[] = [];
    client.onAuthStateChange((event) => events.push(event));
    const { data, error } = await client.mfa.verify({
      factorId,
      challengeId: challenge.json!.id as string,
      webauthn: {
        type: "create",
        rpId: rp().id,
        credential_response: asBrowserCredential(soft.create(webauthn.credential_options.publicKey)),
      },
    } as never);
    expect(error).toBeNull();
    expect(events).toContain("MFA_CHALLENGE_VERIFIED");
    expect(claimsOf(data!.access_token).aal).toBe("aal2");
  });

  it("refuses a new passkey made for another RP id, changing nothing", async () => {
    const { client, userId } = await signedInClient(t, newEmail("passkey"), password, { passkey: true });
    const { data } = await client.passkey.startRegistration();
    const soft = new SoftAuthenticator(rp().origin);
    const credential = soft.create(data!.options as unknown as CreationOptions, { rpId: "evil.example" });
    const res = await client.passkey.verifyRegistration({
      challengeId: data!.challenge_id,
      credential: credential as never,
    });
    expect(res.error).toMatchObject({ status: 422, code: "webauthn_rp_id_mismatch" });
    expect(res.error!.message).toContain(rp().id);
    const rows = await t.database.db.select().from(mfaFactors).where(eq(mfaFactors.userId, userId));
    expect(rows.map((r) => r.status)).toEqual(["unverified"]);
  });

  it("refuses a new passkey answered from another origin, and logs it as refused while adding", async () => {
    const { client, userId } = await signedInClient(t, newEmail("passkey"), password, { passkey: true });
    const { data } = await client.passkey.startRegistration();
    const soft = new SoftAuthenticator("https://evil.example");
    const credential = soft.create(data!.options as unknown as CreationOptions);
    const res = await client.passkey.verifyRegistration({
      challengeId: data!.challenge_id,
      credential: credential as never,
    });
    expect(res.error).toMatchObject({ status: 422, code: "webauthn_origin_mismatch" });
    const rows = await t.database.db.select().from(mfaFactors).where(eq(mfaFactors.userId, userId));
    expect(rows.map((r) => [r.status, r.credentialId])).toEqual([["unverified", null]]);
  });

  it("answers several starts at once (two tabs) without a 5xx: one stands, the others say another start replaced them", async () => {
    const { session } = await signedInClient(t, newEmail("passkey"), password, { passkey: true });
    const starts = await Promise.all(
      Array.from({ length: 5 }, () =>
        // From an address of its own: adding passkeys is rate-limited per address.
        call(
          t,
          "POST",
          "/passkeys/registration/options",
          {},
          {
            ...bearer(session.access_token),
            "x-forwarded-for": "10.77.0.1",
          },
        ),
      ),
    );
    expect(starts.filter((r) => r.status >= 500)).toEqual([]);
    for (const r of starts.filter((r) => r.status !== 200))
      expect(r.json).toMatchObject({ code: 409, error_code: "conflict", msg: expect.stringContaining("start again") });
    expect(starts.some((r) => r.status === 200)).toBe(true);
  });

  it("needs aal2 on an account that already has a second factor, so a stolen password cannot add one", async () => {
    const email = newEmail("passkey");
    await authenticatorAccount(t, email, password);
    const { access } = await passwordSignIn(email);
    const res = await call(t, "POST", "/passkeys/registration/options", {}, bearer(access));
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ error_code: "insufficient_aal" });
    expect(res.json!.msg).toContain("passkey");
  });
});

describe("a passkey as the second factor", () => {
  serverForThisGroup();

  it("steps a password sign-in up to aal2, moves the counter on and logs the use", async () => {
    const { email, passkeyId, soft } = await passkeyAccount();
    const { client, access } = await passwordSignIn(email);
    expect((await client.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: "aal1",
      nextLevel: "aal2",
    });
    const challenge = await stepUpChallenge(access, passkeyId);
    expect(challenge.type).toBe("request");
    expect(challenge.options.allowCredentials!.map((c) => c.id)).toEqual([
      soft.credentials[0]!.id.toString("base64url"),
    ]);
    const { data, error } = await client.mfa.verify({
      factorId: passkeyId,
      challengeId: challenge.id,
      webauthn: {
        type: "request",
        rpId: rp().id,
        credential_response: asBrowserCredential(soft.get(challenge.options)),
      },
    } as never);
    expect(error).toBeNull();
    expect(claimsOf(data!.access_token)).toMatchObject({ aal: "aal2" });
    expect(claimsOf(data!.access_token).amr.map((m) => m.method)).toEqual(["password", "mfa/webauthn"]);
    const row = await factorRow(passkeyId);
    expect(row.signCount).toBe(1);
    expect(row.lastUsedAt).not.toBeNull();
    expect((await securityLog(data!.access_token))[0]).toMatchObject({
      kind: "passkey_used",
      detail: { factor: row.friendlyName },
    });
  });

  it("refuses an answer from another origin: 422 with a sentence, still aal1, the counter kept, logged without secrets", async () => {
    const { email, passkeyId, soft } = await passkeyAccount();
    const { access } = await passwordSignIn(email);
    const challenge = await stepUpChallenge(access, passkeyId);
    const answer = soft.get(challenge.options, { origin: "https://trigger-switch.evil.example" });
    const res = await call(
      t,
      "POST",
      `/factors/${passkeyId}/verify`,
      { challenge_id: challenge.id, webauthn: { type: "request", credential_response: answer } },
      bearer(access),
    );
    expect(res.status).toBe(422);
    expect(res.json).toMatchObject({ error_code: "webauthn_origin_mismatch" });
    expect(res.json!.msg).toContain(rp().origin);
    expect((await call(t, "GET", "/user/security-log", undefined, bearer(access))).status).toBe(403);
    expect((await factorRow(passkeyId)).signCount).toBe(0);

    const retry = await stepUpChallenge(access, passkeyId);
    const right = await call(
      t,
      "POST",
      `/factors/${passkeyId}/verify`,
      { challenge_id: retry.id, webauthn: { type: "request", credential_response: soft.get(retry.options) } },
      bearer(access),
    );
    expect(right.status).toBe(200);
    const data = right.json as { access_token: string };
    const log = await securityLog(data.access_token);
    const rejected = log.find((e) => e.kind === "passkey_rejected")!;
    expect(rejected.detail).toMatchObject({ reason: "origin" });
    const text = JSON.stringify(log);
    expect(text).not.toContain(answer.response.signature);
    expect(text).not.toContain(answer.response.clientDataJSON);
    expect(text).not.toContain(answer.id);
  });

  it("refuses another RP id, another challenge, an expired challenge and a used one", async () => {
    const { email, passkeyId, soft } = await passkeyAccount();
    const { access } = await passwordSignIn(email);
    const verify = (challengeId: string, answer: unknown) =>
      call(
        t,
        "POST",
        `/factors/${passkeyId}/verify`,
        { challenge_id: challengeId, webauthn: { type: "request", credential_response: answer } },
        bearer(access),
      );

    const first = await stepUpChallenge(access, passkeyId);
    expect((await verify(first.id, soft.get(first.options, { rpId: "evil.example" }))).json).toMatchObject({
      error_code: "webauthn_rp_id_mismatch",
    });
    const second = await stepUpChallenge(access, passkeyId);
    const stale = soft.get(second.options, { challenge: first.options.challenge });
    expect((await verify(second.id, stale)).json).toMatchObject({ error_code: "webauthn_challenge_mismatch" });

    const third = await stepUpChallenge(access, passkeyId);
    t.clock.advance(5 * 60_000 + 1000);
    expect((await verify(third.id, soft.get(third.options))).json).toMatchObject({
      error_code: "mfa_challenge_expired",
    });

    const fourth = await stepUpChallenge(access, passkeyId);
    const right = await verify(fourth.id, soft.get(fourth.options));
    expect(right.status).toBe(200);
    const again = await verify(fourth.id, soft.get(fourth.options));
    expect(again.json).toMatchObject({ error_code: "mfa_challenge_used" });
  });

  it("refuses a counter that goes backwards, as a copied passkey's would, and keeps the one seen", async () => {
    const { email, passkeyId, soft } = await passkeyAccount();
    const { access } = await passwordSignIn(email);
    const verify = async (counter: number) => {
      const challenge = await stepUpChallenge(access, passkeyId);
      return call(
        t,
        "POST",
        `/factors/${passkeyId}/verify`,
        {
          challenge_id: challenge.id,
          webauthn: { type: "request", credential_response: soft.get(challenge.options, { counter }) },
        },
        bearer(access),
      );
    };
    expect((await verify(7)).status).toBe(200);
    const copied = await verify(7);
    expect(copied.status).toBe(422);
    expect(copied.json).toMatchObject({ error_code: "webauthn_counter_rollback" });
    expect((await verify(3)).json).toMatchObject({ error_code: "webauthn_counter_rollback" });
    expect((await factorRow(passkeyId)).signCount).toBe(7);
  });

  it("lets only one of two answers with the same counter through, even at the same moment", async () => {
    const { email, passkeyId, soft } = await passkeyAccount();
    const { access } = await passwordSignIn(email);
    const [a, b] = [await stepUpChallenge(access, passkeyId), await stepUpChallenge(access, passkeyId)];
    const answer = (c: typeof a) =>
      call(
        t,
        "POST",
        `/factors/${passkeyId}/verify`,
        {
          challenge_id: c.id,
          webauthn: { type: "request", credential_response: soft.get(c.options, { counter: 5 }) },
        },
        bearer(access),
      );
    const results = await Promise.all([answer(a), answer(b)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 422]);
    expect(results.find((r) => r.status === 422)!.json).toMatchObject({ error_code: "webauthn_counter_rollback" });
  });

  it("offers a challenge only for this site's RP id", async () => {
    const { passkeyId, access } = await passkeyAccount();
    const res = await call(
      t,
      "POST",
      `/factors/${passkeyId}/challenge`,
      { webauthn: { rpId: "evil.example" } },
      bearer(access),
    );
    expect(res.status).toBe(422);
    expect(res.json).toMatchObject({ error_code: "webauthn_rp_id_mismatch" });
  });
});

describe("signing in with a passkey, without a password", () => {
  serverForThisGroup();

  it("signs in through auth-js signInWithPasskey's calls at aal2, logged with the passkey's name", async () => {
    const { email, soft, passkeyId } = await passkeyAccount();
    const client = authClient(t, { passkey: true });
    const events: string[] = [];
    client.onAuthStateChange((event) => events.push(event));
    const { data: options } = await client.passkey.startAuthentication();
    const request = options!.options as unknown as RequestOptions & { userVerification: string };
    expect(request.allowCredentials ?? []).toEqual([]);
    expect(request.userVerification).toBe("required");
    const { data, error } = await client.passkey.verifyAuthentication({
      challengeId: options!.challenge_id,
      credential: soft.get(request) as never,
    });
    expect(error).toBeNull();
    expect(events).toContain("SIGNED_IN");
    expect(data!.session!.user.email).toBe(email);
    expect(claimsOf(data!.session!.access_token)).toMatchObject({ aal: "aal2", amr: [{ method: "passkey" }] });
    const level = await client.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: "aal2", nextLevel: "aal2" });
    const name = (await factorRow(passkeyId)).friendlyName!;
    expect((await securityLog(data!.session!.access_token))[0]).toMatchObject({
      kind: "sign_in",
      detail: { method: "passkey", factor: name },
    });
  });

  it("refuses a passkey that did not check its user (no PIN or biometrics)", async () => {
    const { soft } = await passkeyAccount();
    const { challenge_id, options } = await signInOptions();
    const res = await call(t, "POST", "/passkeys/authentication/verify", {
      challenge_id,
      credential: soft.get(options, { userVerified: false }),
    });
    expect(res.status).toBe(422);
    expect(res.json).toMatchObject({ error_code: "webauthn_user_not_verified" });
  });

  it("refuses a wrong origin and a reused challenge without signing in", async () => {
    const { soft } = await passkeyAccount();
    const first = await signInOptions();
    const phished = await call(t, "POST", "/passkeys/authentication/verify", {
      challenge_id: first.challenge_id,
      credential: soft.get(first.options, { origin: "https://evil.example" }),
    });
    expect(phished.json).toMatchObject({ error_code: "webauthn_origin_mismatch" });
    const replay = await call(t, "POST", "/passkeys/authentication/verify", {
      challenge_id: first.challenge_id,
      credential: soft.get(first.options),
    });
    expect(replay.json).toMatchObject({ error_code: "mfa_challenge_used" });
    expect(replay.json!.access_token).toBeUndefined();
  });

  it("refuses an expired sign-in request", async () => {
    const { soft } = await passkeyAccount();
    const { challenge_id, options } = await signInOptions();
    t.clock.advance(5 * 60_000 + 1000);
    const res = await call(t, "POST", "/passkeys/authentication/verify", {
      challenge_id,
      credential: soft.get(options),
    });
    expect(res.json).toMatchObject({ error_code: "mfa_challenge_expired" });
  });

  it("refuses a removed passkey, and tells the owner's log (by the user handle) without the credential", async () => {
    const { soft, passkeyId, access } = await passkeyAccount();
    const removed = await call(t, "DELETE", `/passkeys/${passkeyId}`, undefined, bearer(access));
    expect(removed.status).toBe(204);
    const { challenge_id, options } = await signInOptions();
    const answer = soft.get(options);
    const res = await call(t, "POST", "/passkeys/authentication/verify", { challenge_id, credential: answer });
    expect(res.status).toBe(422);
    expect(res.json).toMatchObject({ error_code: "webauthn_credential_not_found" });
    expect(res.json!.msg).toMatch(/not registered/);
    const log = await securityLog(access);
    expect(log[0]).toMatchObject({ kind: "passkey_rejected", detail: { reason: "unknown_credential" } });
    expect(log[1]).toMatchObject({ kind: "factor_removed", detail: { type: "webauthn" } });
    expect(JSON.stringify(log)).not.toContain(answer.id);
  });

  it("answers a malformed credential with a 400 that says what is missing", async () => {
    const { challenge_id } = await signInOptions();
    const res = await call(t, "POST", "/passkeys/authentication/verify", {
      challenge_id,
      credential: { id: "abc", rawId: "abc", type: "public-key", response: { clientDataJSON: "abc" } },
    });
    expect(res.status).toBe(400);
    expect(res.json!.msg).toContain("credential.response.authenticatorData");
  });
});

describe("managing passkeys in Security", () => {
  serverForThisGroup();

  it("renames a passkey at aal2 and logs it; a password-only session may not", async () => {
    const { client, email, passkeyId } = await passkeyAccount();
    const renamed = await client.passkey.update({ passkeyId, friendlyName: "  Work laptop " });
    expect(renamed.error).toBeNull();
    expect(renamed.data).toMatchObject({ id: passkeyId, friendly_name: "Work laptop" });
    const { access } = await passwordSignIn(email);
    const refused = await call(t, "PATCH", `/passkeys/${passkeyId}`, { friendly_name: "Mine now" }, bearer(access));
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ error_code: "insufficient_aal" });
    expect((await factorRow(passkeyId)).friendlyName).toBe("Work laptop");
    const session = (await client.getSession()).data.session!;
    expect((await securityLog(session.access_token)).find((e) => e.kind === "factor_renamed")).toMatchObject({
      detail: { factor: "Work laptop", type: "webauthn" },
    });
  });

  it("removes a passkey only at aal2; a password-only session gets 403 and the passkey stays", async () => {
    const { client, email, passkeyId } = await passkeyAccount();
    const { access } = await passwordSignIn(email);
    const refused = await call(t, "DELETE", `/passkeys/${passkeyId}`, undefined, bearer(access));
    expect(refused.status).toBe(403);
    expect((await factorRow(passkeyId)).status).toBe("verified");
    const removed = await client.passkey.delete({ passkeyId });
    expect(removed.error).toBeNull();
    expect((await client.passkey.list()).data).toEqual([]);
    await waitForMail(t, email, "A second factor was removed from your Trigger Switch account");
  });

  it("answers 404 for another account's passkey", async () => {
    const { passkeyId } = await passkeyAccount();
    const other = await passkeyAccount();
    const res = await call(t, "DELETE", `/passkeys/${passkeyId}`, undefined, bearer(other.access));
    expect(res.status).toBe(404);
    expect((await factorRow(passkeyId)).status).toBe("verified");
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeJwt, decodeProtectedHeader } from "jose";
import type { AuthService } from "../../src/auth/auth-service.ts";
import { createAuthService } from "../../src/auth/create-auth-service.ts";
import { rotateSigningKey } from "../../src/auth/keys/rotate-signing-key.ts";
import { createChannels } from "../../src/channels/create-channels.ts";
import { createMasterKeys } from "../../src/crypto/master-keys.ts";
import { AppError } from "../../src/errors.ts";
import { proveMailbox } from "../support/admins.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { authClient, call, mailsTo, newEmail, signedInClient, waitForMail } from "./auth-test-helpers.ts";

let t: TestApp;
let service: AuthService | undefined;
beforeAll(async () => {
  t = await startTestApp({ AUTH_AUTOCONFIRM: "true", ADMIN_EMAILS: "boss@example.com" });
  service = await createAuthService({
    config: t.config,
    db: t.database.db,
    mailer: t.mailer,
    clock: t.clock,
    masterKeys: createMasterKeys({ config: t.config }),
    channels: createChannels({ config: t.config, db: t.database.db, mailer: t.mailer, clock: t.clock }),
  });
});
afterAll(async () => {
  await t?.close();
});

const password = "correct horse battery";

const signedIn = (email = newEmail()) => signedInClient(t, email, password);

describe("autoconfirm sign-up", () => {
  it("answers with a confirmed user and no session; the password then signs in", async () => {
    const email = newEmail();
    const { data, error } = await authClient(t).signUp({ email, password });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user).toMatchObject({ email });
    expect(data.user!.email_confirmed_at).toBeTruthy();
    const { session } = await signedIn(newEmail());
    expect(session).toMatchObject({ token_type: "bearer", expires_in: t.config.JWT_EXPIRY });
  });

  it("answers a registered address exactly like a new one: 200, a confirmed user, no session", async () => {
    const { email } = await signedIn();
    const fresh = newEmail();
    const taken = await call(t, "POST", "/signup", { email: email.toUpperCase(), password: "someone else entirely" });
    const free = await call(t, "POST", "/signup", { email: fresh, password: "someone else entirely" });
    expect(taken.status).toBe(200);
    expect(free.status).toBe(200);
    const shape = (json: Record<string, unknown> | null) => Object.keys(json ?? {}).sort();
    expect(shape(taken.json)).toEqual(shape(free.json));
    expect(taken.json).toMatchObject({ email: email.toLowerCase(), role: "authenticated" });
    expect(taken.json!.email_confirmed_at).toBeTruthy();
    expect(taken.json!.access_token).toBeUndefined();
    // The registered account keeps its own password.
    expect((await authClient(t).signInWithPassword({ email, password: "someone else entirely" })).error?.code).toBe(
      "invalid_credentials",
    );
    // Its owner learns that someone tried, with a way in; the new address gets nothing to reveal the difference.
    const exists = await waitForMail(t, email, "You already have a Trigger Switch account");
    expect(exists.text).toContain(`${t.url}/forgot-password`);
    expect(await mailsTo(t, fresh)).toEqual([]);
  });
});

describe("access tokens", () => {
  it("carry the GoTrue claims", async () => {
    const { session, email } = await signedIn();
    const claims = decodeJwt(session.access_token);
    expect(claims).toMatchObject({
      sub: session.user.id,
      aud: "authenticated",
      iss: `${t.url}/auth/v1`,
      email,
      phone: "",
      role: "authenticated",
      aal: "aal1",
      is_anonymous: false,
      app_metadata: { provider: "email", providers: ["email"] },
      user_metadata: {},
    });
    expect(claims.exp! - claims.iat!).toBe(t.config.JWT_EXPIRY);
    expect(claims.amr).toEqual([{ method: "password", timestamp: claims.iat }]);
    expect(typeof claims.session_id).toBe("string");
    expect(decodeProtectedHeader(session.access_token)).toMatchObject({ alg: "ES256", typ: "JWT" });
  });

  it("verify through the JWKS with auth-js getClaims", async () => {
    const { client, session } = await signedIn();
    const { data, error } = await client.getClaims(session.access_token);
    expect(error).toBeNull();
    expect(data!.claims.sub).toBe(session.user.id);
    expect(data!.header.kid).toBeTruthy();

    const jwks = await call(t, "GET", "/.well-known/jwks.json");
    expect(jwks.headers.get("cache-control")).toContain("max-age=600");
    expect(jwks.json!.keys).toEqual([
      expect.objectContaining({ kty: "EC", crv: "P-256", alg: "ES256", use: "sig", kid: data!.header.kid }),
    ]);
    expect(JSON.stringify(jwks.json)).not.toContain('"d"');
  });

  it("are rejected once the clock passes their expiry", async () => {
    const { session } = await signedIn();
    const auth = authService();
    await expect(auth.authenticate(`Bearer ${session.access_token}`)).resolves.toMatchObject({ id: session.user.id });
    t.clock.advance((t.config.JWT_EXPIRY + 1) * 1000);
    try {
      await expect(auth.authenticate(`Bearer ${session.access_token}`)).rejects.toMatchObject({
        code: "unauthorized",
        message: expect.stringContaining("expired"),
      });
      const res = await call(t, "GET", "/user", undefined, { authorization: `Bearer ${session.access_token}` });
      expect(res.status).toBe(403);
      expect(res.json).toMatchObject({ code: 403, error_code: "bad_jwt" });
    } finally {
      t.clock.advance(-(t.config.JWT_EXPIRY + 1) * 1000);
    }
  });

  it("are rejected when missing, malformed or signed by someone else", async () => {
    const auth = authService();
    await expect(auth.authenticate(undefined)).rejects.toBeInstanceOf(AppError);
    await expect(auth.authenticate("Bearer not-a-jwt")).rejects.toMatchObject({ code: "unauthorized" });
    const { session } = await signedIn();
    // Same header and signature, claims changed: the signature no longer matches.
    const [h, , sig] = session.access_token.split(".");
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...decodeJwt(session.access_token), role: "service_role" })).toString("base64url")}.${sig}`;
    await expect(auth.authenticate(`Bearer ${forged}`)).rejects.toMatchObject({ code: "unauthorized" });
    const res = await call(t, "GET", "/user");
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({ code: 401, error_code: "no_authorization" });
  });

  it("stay valid after a key rotation until they expire, and new tokens use the new key", async () => {
    const { client, session: old } = await signedIn();
    const oldKid = decodeProtectedHeader(old.access_token).kid;
    const newKid = rotateSigningKey({ config: t.config, clock: t.clock });
    expect(newKid).not.toBe(oldKid);

    const jwks = await call(t, "GET", "/.well-known/jwks.json");
    expect((jwks.json!.keys as { kid: string }[]).map((k) => k.kid).sort()).toEqual([oldKid, newKid].sort());
    await expect(authService().authenticate(`Bearer ${old.access_token}`)).resolves.toMatchObject({ id: old.user.id });
    expect((await authClient(t).getClaims(old.access_token)).error).toBeNull();

    const { data } = await client.refreshSession({
      refresh_token: old.refresh_token,
      access_token: old.access_token,
    } as never);
    expect(decodeProtectedHeader(data.session!.access_token).kid).toBe(newKid);
    expect((await authClient(t).getClaims(data.session!.access_token)).error).toBeNull();

    // Once every token the old key signed has expired, the old key is withdrawn.
    t.clock.advance((t.config.JWT_EXPIRY + 61) * 1000);
    try {
      const later = await call(t, "GET", "/.well-known/jwks.json");
      expect((later.json!.keys as { kid: string }[]).map((k) => k.kid)).toEqual([newKid]);
    } finally {
      t.clock.advance(-(t.config.JWT_EXPIRY + 61) * 1000);
    }
  });
});

describe("refresh tokens", () => {
  it("rotate: each refresh returns a new refresh token and the old one is spent", async () => {
    const { client, session } = await signedIn();
    const { data, error } = await client.refreshSession({ refresh_token: session.refresh_token } as never);
    expect(error).toBeNull();
    expect(data.session!.refresh_token).not.toBe(session.refresh_token);
    expect(decodeJwt(data.session!.access_token).session_id).toBe(decodeJwt(session.access_token).session_id);
  });

  it("allow a second use of a just-rotated token within 10 seconds (two tabs)", async () => {
    const { session } = await signedIn();
    const first = await call(t, "POST", "/token?grant_type=refresh_token", { refresh_token: session.refresh_token });
    t.clock.advance(5_000);
    const second = await call(t, "POST", "/token?grant_type=refresh_token", { refresh_token: session.refresh_token });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
  });

  it("revoke the whole session when a spent token is presented again", async () => {
    const { session } = await signedIn();
    const first = await call(t, "POST", "/token?grant_type=refresh_token", { refresh_token: session.refresh_token });
    expect(first.status).toBe(200);
    t.clock.advance(11_000);

    const reuse = await authClient(t).refreshSession({ refresh_token: session.refresh_token } as never);
    expect(reuse.error).toMatchObject({
      status: 400,
      code: "refresh_token_already_used",
      message: "Invalid Refresh Token: Already Used",
    });

    // The thief's and the owner's latest tokens are both dead now, and so is the access token.
    const child = await call(t, "POST", "/token?grant_type=refresh_token", {
      refresh_token: first.json!.refresh_token,
    });
    expect(child.status).toBe(400);
    await expect(authService().authenticate(`Bearer ${first.json!.access_token}`)).rejects.toMatchObject({
      code: "unauthorized",
    });
  });

  it("answer refresh_token_not_found for a token never issued", async () => {
    const res = await call(t, "POST", "/token?grant_type=refresh_token", { refresh_token: "made-up" });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      code: 400,
      error_code: "refresh_token_not_found",
      msg: "Invalid Refresh Token: Refresh Token Not Found",
    });
  });
});

describe("sign-out", () => {
  async function twoDevices() {
    const email = newEmail("devices");
    const a = await signedIn(email);
    const b = authClient(t);
    const { data } = await b.signInWithPassword({ email, password });
    return { a, b, bSession: data.session! };
  }

  it("with scope local ends only this session", async () => {
    const { a, bSession } = await twoDevices();
    expect((await a.client.signOut({ scope: "local" })).error).toBeNull();
    await expect(authService().authenticate(`Bearer ${a.session.access_token}`)).rejects.toMatchObject({
      code: "unauthorized",
    });
    await expect(authService().authenticate(`Bearer ${bSession.access_token}`)).resolves.toBeTruthy();
    const refresh = await call(t, "POST", "/token?grant_type=refresh_token", {
      refresh_token: a.session.refresh_token,
    });
    expect(refresh.status).toBe(400);
  });

  it("with scope others ends every other session and keeps this one", async () => {
    const { a, bSession } = await twoDevices();
    expect((await a.client.signOut({ scope: "others" })).error).toBeNull();
    await expect(authService().authenticate(`Bearer ${a.session.access_token}`)).resolves.toBeTruthy();
    await expect(authService().authenticate(`Bearer ${bSession.access_token}`)).rejects.toMatchObject({
      code: "unauthorized",
    });
  });

  it("with scope global (the default) ends every session, and GET /user says session_not_found", async () => {
    const { a, bSession } = await twoDevices();
    const res = await call(t, "POST", "/logout", undefined, { authorization: `Bearer ${a.session.access_token}` });
    expect(res.status).toBe(204);
    for (const token of [a.session.access_token, bSession.access_token]) {
      await expect(authService().authenticate(`Bearer ${token}`)).rejects.toMatchObject({
        message: expect.stringContaining("signed out"),
      });
    }
    const user = await call(t, "GET", "/user", undefined, { authorization: `Bearer ${bSession.access_token}` });
    expect(user.json).toMatchObject({ code: 403, error_code: "session_not_found" });
    const refresh = await call(t, "POST", "/token?grant_type=refresh_token", { refresh_token: bSession.refresh_token });
    expect(refresh.json).toMatchObject({ error_code: "refresh_token_not_found" });
  });

  it("refuses an unknown scope", async () => {
    const { session } = await signedIn();
    const res = await call(t, "POST", "/logout?scope=everyone", undefined, {
      authorization: `Bearer ${session.access_token}`,
    });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ error_code: "validation_failed" });
  });
});

describe("authenticate()", () => {
  it("reports admins from ADMIN_EMAILS only", async () => {
    const boss = await signedIn("Boss@Example.com");
    const other = await signedIn();
    // With autoconfirm the role needs a followed link to the address (docs/decisions/019).
    await expect(authService().authenticate(`Bearer ${boss.session.access_token}`)).resolves.toMatchObject({
      isAdmin: false,
    });
    await proveMailbox(t, "boss@example.com");
    await expect(authService().authenticate(`Bearer ${boss.session.access_token}`)).resolves.toMatchObject({
      isAdmin: true,
      email: "boss@example.com",
      aal: "aal1",
    });
    await expect(authService().authenticate(`bearer ${other.session.access_token}`)).resolves.toMatchObject({
      isAdmin: false,
      role: "authenticated",
    });
  });
});

/**
 * A second auth service on the same database and DATA_DIR, as another process would have:
 * it shares the key file, so it verifies what the running server signs.
 */
function authService(): AuthService {
  if (!service) throw new Error("service not started");
  return service;
}

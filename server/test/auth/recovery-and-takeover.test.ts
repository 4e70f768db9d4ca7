import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeJwt } from "jose";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { authenticatorAccount, call, newEmail, waitForMail } from "./auth-test-helpers.ts";

let t: TestApp;
beforeAll(async () => {
  // Each sign-in comes from its own client address, so the per-IP limits stay out of the way.
  t = await startTestApp({ AUTH_AUTOCONFIRM: "true", TRUST_PROXY: "true" });
});
afterAll(async () => {
  await t?.close();
});

const password = "correct horse battery";
const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
let clients = 0;
const from = () => ({ "x-forwarded-for": `10.7.${Math.floor(++clients / 250)}.${clients % 250}` });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function signInAs(email: string, userAgent = FIREFOX, pw = password) {
  const res = await call(
    t,
    "POST",
    "/token?grant_type=password",
    { email, password: pw },
    { "user-agent": userAgent, ...from() },
  );
  return { status: res.status, json: res.json, access: res.json?.access_token as string };
}

/** An account with a verified authenticator app and an aal2 client. */
const withAuthenticator = () => authenticatorAccount(t, newEmail("recovery"), password);

describe("recovery codes", () => {
  it("are made at aal2 only, shown once, and stand in for the factor exactly once each", async () => {
    const { email, access } = await withAuthenticator();
    const made = await call(t, "POST", "/user/recovery-codes", undefined, { ...bearer(access), ...from() });
    expect(made.status).toBe(200);
    const codes = made.json!.codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    codes.forEach((c) => expect(c).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/));
    await waitForMail(t, email, "New recovery codes for your Trigger Switch account");
    // The status never shows the codes again.
    const status = await call(t, "GET", "/user/recovery-codes", undefined, bearer(access));
    expect(status.json).toMatchObject({ total: 10, remaining: 10 });
    expect(JSON.stringify(status.json)).not.toContain(codes[0]);

    // A password alone (aal1) can neither make nor read codes…
    const stranger = await signInAs(email, SAFARI_IPHONE);
    expect(
      (await call(t, "POST", "/user/recovery-codes", undefined, { ...bearer(stranger.access), ...from() })).json,
    ).toMatchObject({ error_code: "insufficient_aal" });
    expect((await call(t, "GET", "/user/recovery-codes", undefined, bearer(stranger.access))).status).toBe(403);

    // …but with a code (typed in capitals, without dashes) it reaches aal2.
    const typed = codes[3]!.replaceAll("-", "").toUpperCase();
    const used = await call(
      t,
      "POST",
      "/user/recovery-codes/verify",
      { code: typed },
      { ...bearer(stranger.access), ...from() },
    );
    expect(used.status).toBe(200);
    const claims = decodeJwt(used.json!.access_token as string) as { aal: string; amr: { method: string }[] };
    expect(claims.aal).toBe("aal2");
    expect(claims.amr.map((m) => m.method)).toEqual(["password", "recovery_code"]);
    expect((await fetch(`${t.url}/api/profile`, { headers: bearer(used.json!.access_token as string) })).status).toBe(
      200,
    );
    const notice = await waitForMail(t, email, "A recovery code was used on your Trigger Switch account");
    expect(notice.text).toContain("9 unused codes left");

    // Spent: the same code fails in another session.
    const again = await signInAs(email, SAFARI_IPHONE);
    const reused = await call(
      t,
      "POST",
      "/user/recovery-codes/verify",
      { code: codes[3] },
      { ...bearer(again.access), ...from() },
    );
    expect(reused).toMatchObject({ status: 422, json: { error_code: "mfa_verification_failed" } });
    expect((await call(t, "GET", "/user/recovery-codes", undefined, bearer(access))).json).toMatchObject({
      remaining: 9,
    });
  });

  it("back off after repeated wrong codes, and a new set replaces the old one", async () => {
    const { email, access } = await withAuthenticator();
    const first = (await call(t, "POST", "/user/recovery-codes", undefined, { ...bearer(access), ...from() })).json!
      .codes as string[];
    const session = await signInAs(email);
    for (let i = 0; i < 5; i++) {
      expect(
        (
          await call(
            t,
            "POST",
            "/user/recovery-codes/verify",
            { code: "aaaa-bbbb-cccc-dddd" },
            { ...bearer(session.access), ...from() },
          )
        ).status,
      ).toBe(422);
    }
    const held = await call(
      t,
      "POST",
      "/user/recovery-codes/verify",
      { code: first[0] },
      { ...bearer(session.access), ...from() },
    );
    expect(held).toMatchObject({ status: 429, json: { error_code: "over_request_rate_limit" } });
    t.clock.advance(31_000);

    const second = (await call(t, "POST", "/user/recovery-codes", undefined, { ...bearer(access), ...from() })).json!
      .codes as string[];
    expect(
      (
        await call(
          t,
          "POST",
          "/user/recovery-codes/verify",
          { code: first[0] },
          { ...bearer(session.access), ...from() },
        )
      ).status,
    ).toBe(422);
    // That was the sixth wrong code: the wait doubles to a minute.
    expect(
      (
        await call(
          t,
          "POST",
          "/user/recovery-codes/verify",
          { code: second[0] },
          { ...bearer(session.access), ...from() },
        )
      ).status,
    ).toBe(429);
    t.clock.advance(61_000);
    expect(
      (
        await call(
          t,
          "POST",
          "/user/recovery-codes/verify",
          { code: second[0] },
          { ...bearer(session.access), ...from() },
        )
      ).status,
    ).toBe(200);
  });

  it("need a factor, and go with the last one", async () => {
    const email = newEmail("nofactor");
    await call(t, "POST", "/signup", { email, password }, from());
    const plain = await signInAs(email);
    expect(
      (await call(t, "POST", "/user/recovery-codes", undefined, { ...bearer(plain.access), ...from() })).json,
    ).toMatchObject({ error_code: "mfa_not_enrolled" });

    const { client, access, factorId } = await withAuthenticator();
    await call(t, "POST", "/user/recovery-codes", undefined, { ...bearer(access), ...from() });
    expect((await client.mfa.unenroll({ factorId })).error).toBeNull();
    expect((await call(t, "GET", "/user/recovery-codes", undefined, bearer(access))).json).toMatchObject({
      total: 0,
      remaining: 0,
    });
  });
});

describe('"This wasn\'t me" in the new-device e-mail', () => {
  async function reportLink(email: string): Promise<string> {
    const mail = await waitForMail(t, email, "New sign-in to your Trigger Switch account");
    const match = /\/report-sign-in#token=([A-Za-z0-9_-]+)/.exec(mail.text);
    expect(match).not.toBeNull();
    return match![1]!;
  }

  async function ownerAndIntruder() {
    const email = newEmail("takeover");
    await call(t, "POST", "/signup", { email, password }, from());
    const owner = await signInAs(email, FIREFOX);
    const intruder = await signInAs(email, SAFARI_IPHONE);
    return { email, owner, intruder, token: await reportLink(email) };
  }

  it("ends only that session when asked, once", async () => {
    const { owner, intruder, token } = await ownerAndIntruder();
    const seen = await call(t, "POST", "/sign-in-alert", { token }, from());
    expect(seen.json).toMatchObject({ device: "Safari on iPhone", session_active: true, handled: false });

    const acted = await call(t, "POST", "/sign-in-alert/act", { token, scope: "session" }, from());
    expect(acted).toMatchObject({ status: 200, json: { ended: 1, password_reset_sent: false } });
    expect((await call(t, "GET", "/user", undefined, bearer(intruder.access))).json).toMatchObject({
      error_code: "session_not_found",
    });
    expect((await call(t, "GET", "/user", undefined, bearer(owner.access))).status).toBe(200);
    expect((await call(t, "POST", "/sign-in-alert", { token }, from())).json).toMatchObject({
      session_active: false,
      handled: true,
    });
    expect((await call(t, "POST", "/sign-in-alert/act", { token, scope: "all" }, from())).status).toBe(403);
  });

  it("ends every session, stops the known password and mails a reset link when asked for all", async () => {
    const { email, owner, intruder, token } = await ownerAndIntruder();
    const acted = await call(t, "POST", "/sign-in-alert/act", { token, scope: "all" }, from());
    expect(acted).toMatchObject({ status: 200, json: { ended: 2, password_reset_sent: true } });
    for (const s of [owner, intruder])
      expect((await call(t, "GET", "/user", undefined, bearer(s.access))).status).toBe(403);
    // Whoever knew the password cannot sign in with it any more.
    expect((await signInAs(email, SAFARI_IPHONE)).status).toBe(400);
    await waitForMail(t, email, "Reset your Trigger Switch password");
  });

  it("refuses an unknown or expired link", async () => {
    expect(
      (await call(t, "POST", "/sign-in-alert/act", { token: "x".repeat(43), scope: "all" }, from())).json,
    ).toMatchObject({ error_code: "otp_expired" });
    const { token } = await ownerAndIntruder();
    t.clock.advance(8 * 24 * 60 * 60 * 1000);
    expect((await call(t, "POST", "/sign-in-alert", { token }, from())).status).toBe(403);
  });
});

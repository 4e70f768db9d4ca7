import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { profiles } from "../../src/db/schema.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { authClient, call, followLink, linkIn, mailsTo, newEmail, waitForMail } from "./auth-test-helpers.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const password = "correct horse battery";

/** Signs up, confirms through the mailed link and signs in, as a person would. */
async function confirmedUser(email = newEmail()) {
  await authClient(t).signUp({ email, password });
  await followLink(linkIn((await waitForMail(t, email, "Confirm your Trigger Switch account")).text));
  const client = authClient(t);
  const { data, error } = await client.signInWithPassword({ email, password });
  expect(error).toBeNull();
  return { client, session: data.session!, email, userId: data.user!.id };
}

describe("updating the signed-in user", () => {
  it("merges data into user_metadata and removes keys set to null", async () => {
    const { client } = await confirmedUser();
    await client.updateUser({ data: { first_name: "Ada", plan: "free" } });
    const { data, error } = await client.updateUser({ data: { plan: null, last_name: "Lovelace" } });
    expect(error).toBeNull();
    expect(data.user!.user_metadata).toEqual({ first_name: "Ada", last_name: "Lovelace" });
    const fresh = await client.getUser();
    expect(fresh.data.user!.user_metadata).toEqual({ first_name: "Ada", last_name: "Lovelace" });
  });

  it("changes the password and ends the user's other sessions but not this one", async () => {
    const { client, email, session } = await confirmedUser();
    const other = authClient(t);
    const otherSession = (await other.signInWithPassword({ email, password })).data.session!;

    const { error } = await client.updateUser({ password: "a brand new secret" });
    expect(error).toBeNull();
    expect((await client.getUser()).error).toBeNull();
    expect(
      (await call(t, "GET", "/user", undefined, { authorization: `Bearer ${otherSession.access_token}` })).status,
    ).toBe(403);
    expect(
      (await call(t, "POST", "/token?grant_type=refresh_token", { refresh_token: otherSession.refresh_token })).status,
    ).toBe(400);

    expect((await authClient(t).signInWithPassword({ email, password })).error?.code).toBe("invalid_credentials");
    expect((await authClient(t).signInWithPassword({ email, password: "a brand new secret" })).error).toBeNull();
    expect(session.access_token).toBeTruthy();
  });

  it("refuses a too-short new password with weak_password and the same password with same_password", async () => {
    const { client } = await confirmedUser();
    const short = await client.updateUser({ password: "short" });
    expect(short.error).toMatchObject({ status: 422, code: "weak_password", reasons: ["length"] });
    expect(short.error!.message).toBe(`Password should be at least ${t.config.PASSWORD_MIN_LENGTH} characters.`);
    const same = await client.updateUser({ password });
    expect(same.error).toMatchObject({ status: 422, code: "same_password" });
  });

  it("changes the e-mail address only once the link sent to the new address is followed", async () => {
    const { client, email: oldEmail, userId } = await confirmedUser();
    const newAddress = newEmail("moved");
    const { data, error } = await client.updateUser({ email: newAddress });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email: oldEmail, new_email: newAddress });
    expect(data.user!.email_change_sent_at).toBeTruthy();

    const notice = await waitForMail(t, oldEmail, "Your Trigger Switch e-mail address is changing");
    expect(notice.text).toContain(newAddress);
    expect(notice.text).not.toContain("/auth/v1/verify");
    const link = linkIn((await waitForMail(t, newAddress, "Confirm your new e-mail address")).text);
    expect(link.searchParams.get("type")).toBe("email_change");

    const { fragment, target } = await followLink(link);
    expect(target.pathname).toBe("/profile");
    expect(fragment.get("type")).toBe("email_change");
    const after = await authClient(t).getUser(fragment.get("access_token")!);
    expect(after.data.user).toMatchObject({ email: newAddress });
    expect(after.data.user!.new_email).toBeUndefined();
    const [profile] = await t.database.db.select().from(profiles).where(eq(profiles.id, userId));
    expect(profile?.email).toBe(newAddress);

    expect((await authClient(t).signInWithPassword({ email: newAddress, password })).error).toBeNull();
    expect((await authClient(t).signInWithPassword({ email: oldEmail, password })).error?.code).toBe(
      "invalid_credentials",
    );
  });

  it("refuses to move to an address another account already uses", async () => {
    const { client } = await confirmedUser();
    const { email: taken } = await confirmedUser();
    const { error } = await client.updateUser({ email: taken });
    expect(error).toMatchObject({ status: 422, code: "email_exists" });
  });

  it("requires a bearer token", async () => {
    const res = await call(t, "PUT", "/user", { data: { a: 1 } });
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({ code: 401, error_code: "no_authorization" });
  });
});

describe("password recovery", () => {
  it("e-mails a link that lands on /reset-password signed in, where a new password can be set", async () => {
    const { email } = await confirmedUser();
    const { error } = await authClient(t).resetPasswordForEmail(email);
    expect(error).toBeNull();
    const link = linkIn((await waitForMail(t, email, "Reset your Trigger Switch password")).text);
    expect(link.searchParams.get("type")).toBe("recovery");

    const { target, fragment } = await followLink(link);
    expect(`${target.origin}${target.pathname}`).toBe(`${t.url}/reset-password`);
    expect(fragment.get("type")).toBe("recovery");

    // What the /reset-password page does with the session from the fragment.
    const client = authClient(t);
    await client.setSession({
      access_token: fragment.get("access_token")!,
      refresh_token: fragment.get("refresh_token")!,
    });
    expect((await client.updateUser({ password: "remembered at last" })).error).toBeNull();

    expect((await authClient(t).signInWithPassword({ email, password: "remembered at last" })).error).toBeNull();
    expect((await authClient(t).signInWithPassword({ email, password })).error?.code).toBe("invalid_credentials");
  });

  it("works with verifyOtp type recovery and a recovery link expires after an hour", async () => {
    const { email } = await confirmedUser();
    await authClient(t).resetPasswordForEmail(email);
    const token = linkIn((await waitForMail(t, email, "Reset your Trigger Switch password")).text).searchParams.get(
      "token",
    )!;
    t.clock.advance(60 * 60 * 1000 + 1000);
    try {
      const late = await authClient(t).verifyOtp({ type: "recovery", token_hash: token });
      expect(late.error).toMatchObject({ status: 403, code: "otp_expired" });
    } finally {
      t.clock.advance(-(60 * 60 * 1000 + 1000));
    }
    t.clock.advance(61_000); // past the one-mail-a-minute limit
    await authClient(t).resetPasswordForEmail(email);
    const recoveryMails = async () =>
      (await mailsTo(t, email)).filter((m) => m.subject === "Reset your Trigger Switch password");
    for (let i = 0; i < 200 && (await recoveryMails()).length < 2; i++) await new Promise((r) => setTimeout(r, 25));
    const fresh = await recoveryMails();
    expect(fresh).toHaveLength(2);
    const tokens = fresh.map((m) => linkIn(m.text).searchParams.get("token")!).filter((x) => x !== token);
    const ok = await authClient(t).verifyOtp({ type: "recovery", token_hash: tokens[0]! });
    expect(ok.error).toBeNull();
    expect(ok.data.session?.access_token).toBeTruthy();
  });

  it("answers an unknown address exactly like a known one, and mails nobody", async () => {
    const { email } = await confirmedUser();
    const unknown = newEmail("ghost");
    const known = await call(t, "POST", "/recover", { email });
    const missing = await call(t, "POST", "/recover", { email: unknown });
    expect(missing.status).toBe(known.status);
    expect(missing.json).toEqual(known.json);
    expect(missing.json).toEqual({});
    await waitForMail(t, email, "Reset your Trigger Switch password");
    expect(await mailsTo(t, unknown)).toHaveLength(0);
  });

  it("sends at most one recovery mail a minute per account, without saying so", async () => {
    const { email } = await confirmedUser();
    await authClient(t).resetPasswordForEmail(email);
    await waitForMail(t, email, "Reset your Trigger Switch password");
    const second = await authClient(t).resetPasswordForEmail(email);
    expect(second.error).toBeNull();
    await new Promise((r) => setTimeout(r, 200));
    expect((await mailsTo(t, email)).filter((m) => m.subject === "Reset your Trigger Switch password")).toHaveLength(1);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { profiles, users } from "../../src/db/schema.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { authClient, followLink, linkIn, mailsTo, newEmail, waitForMail } from "./auth-test-helpers.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const password = "correct horse battery";
const ACCOUNT_EXISTS_SUBJECT = "You already have a Trigger Switch account";

describe("sign-up with e-mail confirmation", () => {
  it("returns the user without a session and e-mails a confirmation link", async () => {
    const email = newEmail("anna");
    const { data, error } = await authClient(t).signUp({ email, password, options: { data: { first_name: "Anna" } } });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user).toMatchObject({
      email,
      aud: "authenticated",
      role: "authenticated",
      phone: "",
      app_metadata: { provider: "email", providers: ["email"] },
      user_metadata: { first_name: "Anna" },
      is_anonymous: false,
    });
    expect(data.user!.email_confirmed_at).toBeUndefined();
    expect(data.user!.confirmation_sent_at).toBeTruthy();
    expect(data.user!.identities).toHaveLength(1);

    const mail = await waitForMail(t, email, "Confirm your Trigger Switch account");
    const link = linkIn(mail.text);
    expect(link.searchParams.get("type")).toBe("signup");
    expect(link.searchParams.get("redirect_to")).toBe(`${t.url}/login`);
    expect(link.searchParams.get("token")!.length).toBeGreaterThanOrEqual(43);
    expect(mail.html).toContain("Confirm my account");
  });

  it("creates the profile row in the same step as the account", async () => {
    const email = newEmail("profiled");
    const { data } = await authClient(t).signUp({ email, password });
    const [profile] = await t.database.db.select().from(profiles).where(eq(profiles.id, data.user!.id));
    expect(profile?.email).toBe(email);
  });

  it("stores the password as an argon2id hash", async () => {
    const email = newEmail("hash");
    await authClient(t).signUp({ email, password });
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(user?.encryptedPassword).toMatch(/^\$argon2id\$/);
  });

  it("refuses to sign in an unconfirmed account with email_not_confirmed", async () => {
    const email = newEmail("early");
    await authClient(t).signUp({ email, password });
    const { error } = await authClient(t).signInWithPassword({ email, password });
    expect(error).toMatchObject({ status: 400, code: "email_not_confirmed", message: "Email not confirmed" });
  });

  it("confirms through the e-mailed link, landing on /login with a session in the fragment", async () => {
    const email = newEmail("link");
    await authClient(t).signUp({ email, password });
    const link = linkIn((await waitForMail(t, email, "Confirm your Trigger Switch account")).text);

    const { status, target, fragment } = await followLink(link);
    expect(status).toBe(303);
    expect(`${target.origin}${target.pathname}`).toBe(`${t.url}/login`);
    expect(fragment.get("type")).toBe("signup");
    expect(fragment.get("token_type")).toBe("bearer");
    expect(Number(fragment.get("expires_in"))).toBe(t.config.JWT_EXPIRY);
    expect(Number(fragment.get("expires_at"))).toBeGreaterThan(Date.now() / 1000);

    const client = authClient(t);
    const { data, error } = await client.getUser(fragment.get("access_token")!);
    expect(error).toBeNull();
    expect(data.user?.email_confirmed_at).toBeTruthy();
    expect(data.user?.confirmed_at).toBe(data.user?.email_confirmed_at);

    const signedIn = await client.signInWithPassword({ email, password });
    expect(signedIn.error).toBeNull();
  });

  it("uses a link only once and then redirects with otp_expired", async () => {
    const email = newEmail("twice");
    await authClient(t).signUp({ email, password });
    const link = linkIn((await waitForMail(t, email, "Confirm your Trigger Switch account")).text);
    await followLink(link);
    const again = await followLink(link);
    expect(again.fragment.get("error")).toBe("access_denied");
    expect(again.fragment.get("error_code")).toBe("otp_expired");
    expect(again.fragment.get("error_description")).toBe("Email link is invalid or has expired");
    expect(again.fragment.get("access_token")).toBeNull();
  });

  it("refuses a confirmation link older than 24 hours", async () => {
    const email = newEmail("late");
    await authClient(t).signUp({ email, password });
    const link = linkIn((await waitForMail(t, email, "Confirm your Trigger Switch account")).text);
    t.clock.advance(24 * 60 * 60 * 1000 + 1000);
    try {
      const { fragment } = await followLink(link);
      expect(fragment.get("error_code")).toBe("otp_expired");
    } finally {
      t.clock.advance(-(24 * 60 * 60 * 1000 + 1000));
    }
  });

  it("confirms with verifyOtp and the token_hash from the link, returning a session", async () => {
    const email = newEmail("otp");
    await authClient(t).signUp({ email, password });
    const token = linkIn((await waitForMail(t, email, "Confirm your Trigger Switch account")).text).searchParams.get(
      "token",
    )!;
    const client = authClient(t);
    const { data, error } = await client.verifyOtp({ type: "signup", token_hash: token });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.user?.email).toBe(email);
    const again = await authClient(t).verifyOtp({ type: "signup", token_hash: token });
    expect(again.error).toMatchObject({ status: 403, code: "otp_expired" });
  });

  it("answers a sign-up for a registered address exactly like a new one, and mails its owner that they already have an account", async () => {
    const email = newEmail("taken");
    await authClient(t).signUp({ email, password });
    const token = linkIn((await waitForMail(t, email, "Confirm your Trigger Switch account")).text).searchParams.get(
      "token",
    )!;
    await authClient(t).verifyOtp({ type: "signup", token_hash: token });
    const before = (await mailsTo(t, email)).length;

    const { data, error } = await authClient(t).signUp({ email, password: "someone else entirely" });
    const fresh = await authClient(t).signUp({ email: newEmail("fresh"), password });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(Object.keys(data.user!).sort()).toEqual(Object.keys(fresh.data.user!).sort());
    expect(Object.keys(data.user!).sort()).toEqual(
      [
        "id",
        "aud",
        "role",
        "email",
        "phone",
        "confirmation_sent_at",
        "app_metadata",
        "user_metadata",
        "identities",
        "created_at",
        "updated_at",
        "is_anonymous",
      ].sort(),
    );
    expect(data.user!.identities).toHaveLength(1);

    // The page then says an e-mail is waiting: it is, and it tells the truth instead of carrying a link.
    const exists = await waitForMail(t, email, ACCOUNT_EXISTS_SUBJECT);
    expect(exists.text).toContain(`${t.url}/login`);
    expect(exists.text).toContain(`${t.url}/forgot-password`);
    expect(exists.text).not.toContain("/auth/v1/verify");
    expect(exists.html).toContain(`href="${t.url}/forgot-password"`);
    expect((await mailsTo(t, email)).length).toBe(before + 1);

    // Asked again within a minute: the same answer, and no second mail to fill the owner's inbox.
    expect((await authClient(t).signUp({ email, password: "someone else entirely" })).error).toBeNull();
    await new Promise((r) => setTimeout(r, 200));
    expect((await mailsTo(t, email)).length).toBe(before + 1);
    // The real password still works; the attempts changed nothing.
    expect((await authClient(t).signInWithPassword({ email, password })).error).toBeNull();
  });

  it("sends confirmation links only to redirect targets on the site's own origin", async () => {
    const evil = newEmail("evil");
    await authClient(t).signUp({ email: evil, password, options: { emailRedirectTo: "https://evil.example/steal" } });
    const evilLink = linkIn((await waitForMail(t, evil, "Confirm your Trigger Switch account")).text);
    expect(evilLink.searchParams.get("redirect_to")).toBe(`${t.url}/login`);

    // Even a hand-edited link cannot send the tokens elsewhere.
    evilLink.searchParams.set("redirect_to", "https://evil.example/steal");
    const followed = await followLink(evilLink);
    expect(followed.target.origin).toBe(t.url);

    const good = newEmail("good");
    await authClient(t).signUp({ email: good, password, options: { emailRedirectTo: `${t.url}/dashboard?welcome=1` } });
    const goodLink = linkIn((await waitForMail(t, good, "Confirm your Trigger Switch account")).text);
    expect(goodLink.searchParams.get("redirect_to")).toBe(`${t.url}/dashboard?welcome=1`);
    const landed = await followLink(goodLink);
    expect(landed.target.pathname).toBe("/dashboard");
    expect(landed.fragment.get("access_token")).toBeTruthy();
  });
});

describe("password sign-in", () => {
  it("gives the same invalid_credentials answer for a wrong password and an unknown address", async () => {
    const email = newEmail("known");
    await authClient(t).signUp({ email, password });
    const wrong = await authClient(t).signInWithPassword({ email, password: "not the password" });
    const unknown = await authClient(t).signInWithPassword({ email: newEmail("nobody"), password });
    for (const { error } of [wrong, unknown]) {
      expect(error).toMatchObject({ status: 400, code: "invalid_credentials", message: "Invalid login credentials" });
    }
  });
});

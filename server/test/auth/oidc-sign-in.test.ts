import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import { identities, profiles } from "../../src/db/schema.ts";
import { startOidcProvider, type TestOidcProvider } from "../support/oidc-provider.ts";
import { startTestApp, type TestApp } from "../support/test-app.ts";
import { authClient, call, followLink, linkIn, mailsTo, newEmail, waitForMail } from "./auth-test-helpers.ts";

const LINKED_SUBJECT = "A sign-in provider was linked to your Trigger Switch account";

let provider: TestOidcProvider;
let t: TestApp;
beforeAll(async () => {
  provider = await startOidcProvider({ autoLogin: true });
  t = await startTestApp({ AUTH_AUTOCONFIRM: "true", ...provider.env("TESTID") });
  provider.allowRedirect(`${t.url}/auth/v1/callback`);
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

/** Follows redirects like a browser (with cookies per host) until one leaves for `stopAt`; returns that address. */
async function browse(start: string, stopAt: string): Promise<URL> {
  const jar = new Map<string, Map<string, string>>();
  let url = new URL(start);
  for (let hop = 0; hop < 20; hop++) {
    if (url.href.startsWith(stopAt)) return url;
    const cookies = jar.get(url.host) ?? new Map<string, string>();
    const res = await fetch(url, {
      redirect: "manual",
      headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const [name, ...value] = pair!.split("=");
      cookies.set(name!.trim(), value.join("="));
    }
    jar.set(url.host, cookies);
    const location = res.headers.get("location");
    if (!location) throw new Error(`stopped at ${url.href} with ${res.status}: ${(await res.text()).slice(0, 200)}`);
    url = new URL(location, url);
  }
  throw new Error("too many redirects");
}

const callbackPage = () => `${t.url}/auth/callback`;

/** signInWithOAuth (PKCE) through the provider, returning the client and the address it came back to. */
async function signInWithProvider(loginHint: string) {
  const client = authClient(t, { flowType: "pkce" });
  const { data, error } = await client.signInWithOAuth({
    provider: "testid" as never,
    options: { redirectTo: callbackPage(), skipBrowserRedirect: true, queryParams: { login_hint: loginHint } },
  });
  expect(error).toBeNull();
  const back = await browse(data.url!, callbackPage());
  return { client, back };
}

describe("signing in with an OpenID provider (PKCE)", () => {
  it("lists the configured provider in /settings external", async () => {
    const settings = await call(t, "GET", "/settings");
    expect((settings.json!.external as Record<string, boolean>).testid).toBe(true);
    expect((settings.json!.external as Record<string, boolean>).google).toBe(false);
  });

  it("creates an account for a verified address and exchanges the code for a session", async () => {
    const email = newEmail("oidc");
    const { client, back } = await signInWithProvider(email);
    const code = back.searchParams.get("code");
    expect(code).toMatch(/^[0-9a-f-]{36}$/);
    const { data, error } = await client.exchangeCodeForSession(code!);
    expect(error).toBeNull();
    expect(data.user!.email).toBe(email);
    expect(data.user!.app_metadata.provider).toBe("testid");
    expect(data.user!.identities!.map((i) => i.provider)).toEqual(["testid"]);
    const claims = decodeJwt(data.session!.access_token) as { aal: string; amr: { method: string }[] };
    expect(claims).toMatchObject({ aal: "aal1" });
    expect(claims.amr.map((m) => m.method)).toEqual(["oauth"]);
    expect(
      (await fetch(`${t.url}/api/profile`, { headers: { authorization: `Bearer ${data.session!.access_token}` } }))
        .status,
    ).toBe(200);

    // The code works once.
    expect(
      (await call(t, "POST", "/token?grant_type=pkce", { auth_code: code, code_verifier: "x".repeat(43) })).status,
    ).toBe(404);
  });

  it("signs the same identity in to the same account next time", async () => {
    const email = newEmail("again");
    const first = await signInWithProvider(email);
    const one = (await first.client.exchangeCodeForSession(first.back.searchParams.get("code")!)).data.user!.id;
    const second = await signInWithProvider(email);
    const two = (await second.client.exchangeCodeForSession(second.back.searchParams.get("code")!)).data.user!.id;
    expect(two).toBe(one);
  });

  it("refuses a code with the wrong verifier, and the code is spent by it", async () => {
    const { client, back } = await signInWithProvider(newEmail("verifier"));
    const code = back.searchParams.get("code")!;
    const wrong = await call(t, "POST", "/token?grant_type=pkce", { auth_code: code, code_verifier: "a".repeat(50) });
    expect(wrong.status).toBe(403);
    expect(wrong.json!.error_code).toBe("bad_code_verifier");
    expect((await client.exchangeCodeForSession(code)).error).toMatchObject({ code: "flow_state_not_found" });
  });

  it("refuses to link a verified provider identity to an account whose owner never followed a link we e-mailed", async () => {
    // With AUTH_AUTOCONFIRM a squatter can register the victim's address without reading its mailbox.
    const email = newEmail("victim");
    const squatter = authClient(t);
    await squatter.signUp({ email, password: "the squatter's password" });
    const squatterId = (await squatter.signInWithPassword({ email, password: "the squatter's password" })).data.user!
      .id;

    const victim = await signInWithProvider(email);
    expect(victim.back.searchParams.get("code")).toBeNull();
    expect(victim.back.searchParams.get("error_code")).toBe("identity_not_linked");
    expect(victim.back.searchParams.get("error_description")).toMatch(/Forgot your password\?/);

    // The identity did not land in the squatter's account, and no other account was made for it.
    const linked = await t.database.db.select().from(identities).where(eq(identities.provider, "testid"));
    expect(linked.filter((i) => i.userId === squatterId || i.providerId === `v-${email}`)).toEqual([]);
    const squatterAgain = await authClient(t).signInWithPassword({ email, password: "the squatter's password" });
    expect(squatterAgain.data.user!.identities!.map((i) => i.provider)).toEqual(["email"]);
    expect((await mailsTo(t, email)).map((m) => m.subject)).not.toContain(LINKED_SUBJECT);

    // An identity linked into such an account before this rule held does not sign in there either.
    const now = t.clock.now();
    await t.database.db.insert(identities).values({
      userId: squatterId,
      provider: "testid",
      providerId: `v-${email}`,
      identityData: { sub: `v-${email}`, email, email_verified: true },
      createdAt: now,
      updatedAt: now,
    });
    const again = await signInWithProvider(email);
    expect(again.back.searchParams.get("code")).toBeNull();
    expect(again.back.searchParams.get("error_code")).toBe("identity_not_linked");
  });

  it("does not count a link that was replaced unopened as proof (a squatter asking for two reset links)", async () => {
    const email = newEmail("replaced");
    const squatter = authClient(t);
    await squatter.signUp({ email, password: "the squatter's password" });
    // The first link is retired when the second is made; neither is ever opened.
    await authClient(t).resetPasswordForEmail(email);
    await waitForMail(t, email, "Reset your Trigger Switch password");
    t.clock.advance(61_000);
    await authClient(t).resetPasswordForEmail(email);
    await expect.poll(async () => (await mailsTo(t, email)).length).toBe(2);

    const victim = await signInWithProvider(email);
    expect(victim.back.searchParams.get("code")).toBeNull();
    expect(victim.back.searchParams.get("error_code")).toBe("identity_not_linked");
  });

  it("links to an account whose owner proved the address by a followed link, and tells the owner by e-mail", async () => {
    const email = newEmail("linked");
    const password = "correct horse battery";
    const owner = authClient(t);
    await owner.signUp({ email, password });
    const ownerId = (await owner.signInWithPassword({ email, password })).data.user!.id;

    // The provider has not verified it: no link, the person is told to use the password.
    const unverified = await signInWithProvider(`unverified:${email}`);
    expect(unverified.back.searchParams.get("code")).toBeNull();
    expect(unverified.back.searchParams.get("error_code")).toBe("identity_not_linked");
    expect(unverified.back.searchParams.get("error_description")).toMatch(/already exists/);

    // The owner follows a password-reset link: the address is proven, and the identity joins the account.
    await authClient(t).resetPasswordForEmail(email);
    await followLink(linkIn((await waitForMail(t, email, "Reset your Trigger Switch password")).text));
    const verified = await signInWithProvider(email);
    const { data } = await verified.client.exchangeCodeForSession(verified.back.searchParams.get("code")!);
    expect(data.user!.id).toBe(ownerId);
    expect(data.user!.identities!.map((i) => i.provider).sort()).toEqual(["email", "testid"]);
    const notice = await waitForMail(t, email, LINKED_SUBJECT);
    expect(notice.text).toContain("Testid");
    expect(notice.text).toContain("reset your password");
  });

  it("prefills a new account's first and last name from the provider's given and family names", async () => {
    const { client, back } = await signInWithProvider(newEmail("named"));
    const { data } = await client.exchangeCodeForSession(back.searchParams.get("code")!);
    const [profile] = await t.database.db.select().from(profiles).where(eq(profiles.id, data.user!.id));
    expect(profile).toMatchObject({ firstName: "Ada", lastName: "Provider" });
  });

  it("fills only the names an owner left empty when a provider is linked to their account", async () => {
    const email = newEmail("kept");
    const password = "correct horse battery";
    const owner = authClient(t);
    await owner.signUp({ email, password });
    const ownerId = (await owner.signInWithPassword({ email, password })).data.user!.id;
    await t.database.db.update(profiles).set({ firstName: "Augusta" }).where(eq(profiles.id, ownerId));
    await authClient(t).resetPasswordForEmail(email);
    await followLink(linkIn((await waitForMail(t, email, "Reset your Trigger Switch password")).text));

    const { client, back } = await signInWithProvider(email);
    expect((await client.exchangeCodeForSession(back.searchParams.get("code")!)).data.user!.id).toBe(ownerId);
    const [profile] = await t.database.db.select().from(profiles).where(eq(profiles.id, ownerId));
    expect(profile).toMatchObject({ firstName: "Augusta", lastName: "Provider" });
  });

  it("does not create an account for an address the provider has not verified", async () => {
    const { back } = await signInWithProvider(`unverified:${newEmail("nobody")}`);
    expect(back.searchParams.get("error")).toBe("access_denied");
    expect(back.searchParams.get("error_description")).toMatch(/not confirmed/);
  });

  it("keeps redirect_to on the site and answers an unknown provider with 400", async () => {
    const res = await fetch(
      `${t.url}/auth/v1/authorize?provider=testid&redirect_to=${encodeURIComponent("https://evil.example/")}&code_challenge=${"c".repeat(43)}&code_challenge_method=s256`,
      { redirect: "manual" },
    );
    expect(res.status).toBe(302);
    const back = await browse(res.headers.get("location")!, `${t.url}/login`);
    expect(back.origin).toBe(new URL(t.url).origin);
    expect(back.pathname).toBe("/login");

    const unknown = await call(t, "GET", "/authorize?provider=nosuch");
    expect(unknown.status).toBe(400);
    const skip = await call(t, "GET", `/authorize?provider=testid&skip_http_redirect=true`);
    expect(skip.status).toBe(200);
    expect(String(skip.json!.url)).toMatch(new RegExp(`^${provider.issuer}/`));
  });

  it("takes the provider's answer posted as a form (GoTrue's POST /callback, response_mode=form_post)", async () => {
    const email = newEmail("formpost");
    const client = authClient(t, { flowType: "pkce" });
    const { data } = await client.signInWithOAuth({
      provider: "testid" as never,
      options: { redirectTo: callbackPage(), skipBrowserRedirect: true, queryParams: { login_hint: email } },
    });
    const atCallback = await browse(data.url!, `${t.url}/auth/v1/callback`);
    const posted = await fetch(`${t.url}/auth/v1/callback`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: atCallback.searchParams.toString(),
    });
    expect(posted.status).toBe(303);
    const back = new URL(posted.headers.get("location")!);
    expect(back.href.startsWith(callbackPage())).toBe(true);
    const { data: session, error } = await client.exchangeCodeForSession(back.searchParams.get("code")!);
    expect(error).toBeNull();
    expect(session.user!.email).toBe(email);
  });

  it("answers a replayed or forged callback with an error back at the sign-in page", async () => {
    const res = await fetch(`${t.url}/auth/v1/callback?code=abc&state=forged`, { redirect: "manual" });
    const target = new URL(res.headers.get("location")!);
    expect(target.pathname).toBe("/login");
    expect(target.searchParams.get("error_code")).toBe("bad_oauth_state");
  });
});

import { AuthClient, type Session, type SupportedStorage } from "@supabase/auth-js";
import { totpCode } from "../../src/auth/factors/totp.ts";
import { outboxMails } from "../support/outbox.ts";
import type { TestApp } from "../support/test-app.ts";

/** The real client the web app uses, pointed at the test server, keeping its session in memory. */
export function authClient(
  t: TestApp,
  opts: { flowType?: "implicit" | "pkce"; passkey?: boolean } = {},
): InstanceType<typeof AuthClient> {
  const store = new Map<string, string>();
  const storage: SupportedStorage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  };
  return new AuthClient({
    url: `${t.url}/auth/v1`,
    headers: { apikey: "x" },
    persistSession: false,
    autoRefreshToken: false,
    detectSessionInUrl: false,
    flowType: opts.flowType ?? "implicit",
    storage,
    // auth-js calls its passkey methods experimental and refuses them unless asked.
    experimental: { passkey: opts.passkey ?? false },
  });
}

let counter = 0;
/** A fresh, unique address per call. */
export function newEmail(name = "user"): string {
  counter += 1;
  return `${name}.${Date.now().toString(36)}.${counter}@example.com`;
}

export interface SignedInClient {
  client: InstanceType<typeof AuthClient>;
  email: string;
  userId: string;
  session: Session;
}

/** A new account signed in through the real auth-js client (the server must autoconfirm sign-ups). */
export async function signedInClient(
  t: TestApp,
  email: string,
  password: string,
  opts: { passkey?: boolean } = {},
): Promise<SignedInClient> {
  const client = authClient(t, opts);
  const signUp = await client.signUp({ email, password });
  if (signUp.error) throw new Error(`sign-up failed: ${signUp.error.message}`);
  const { data, error } = await client.signInWithPassword({ email, password });
  if (error || !data.session) throw new Error(`sign-in failed: ${error?.message ?? "no session"}`);
  return { client, email, userId: data.session.user.id, session: data.session };
}

/**
 * Such an account with a verified authenticator app, as the Security section enrols one: `access`
 * is the aal2 token. The clock has moved on a time step, so the next code is a fresh one.
 */
export async function authenticatorAccount(
  t: TestApp,
  email: string,
  password: string,
): Promise<Omit<SignedInClient, "session"> & { factorId: string; secret: string; access: string }> {
  const { client, userId } = await signedInClient(t, email, password);
  const { data: enrolled, error } = await client.mfa.enroll({
    factorType: "totp",
    friendlyName: "Phone app",
    issuer: "Trigger Switch",
  });
  if (error) throw new Error(`enrolment failed: ${error.message}`);
  const { id: factorId, totp } = enrolled!;
  const verified = await client.mfa.challengeAndVerify({ factorId, code: totpCode(totp.secret, t.clock.now()) });
  if (verified.error) throw new Error(`verification failed: ${verified.error.message}`);
  t.clock.advance(30_000);
  const access = (await client.getSession()).data.session!.access_token;
  return { client, email, userId, factorId, secret: totp.secret, access };
}

/** Waits for the newest outbox mail to `to` with `subject` (auth mails are sent after the answer). */
export async function waitForMail(
  t: TestApp,
  to: string,
  subject: string,
  timeoutMs = 5000,
): Promise<{ text: string; html: string | null }> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mail = (await outboxMails(t, to)).find((m) => m.subject === subject);
    if (mail) return { text: mail.text, html: mail.html };
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`no mail "${subject}" to ${to} within ${timeoutMs} ms`);
}

export async function mailsTo(t: TestApp, to: string) {
  return outboxMails(t, to);
}

/** The verify link inside a mail's text. */
export function linkIn(text: string): URL {
  const match = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(text);
  if (!match) throw new Error("no verify link in mail");
  return new URL(match[0]);
}

/** Follows a verify link like a browser would, without following the redirect; returns target and fragment. */
export async function followLink(
  link: URL | string,
): Promise<{ status: number; target: URL; fragment: URLSearchParams }> {
  const res = await fetch(link, { redirect: "manual" });
  const location = res.headers.get("location");
  if (!location) throw new Error(`no redirect (status ${res.status})`);
  const target = new URL(location);
  return { status: res.status, target, fragment: new URLSearchParams(target.hash.slice(1)) };
}

/** Raw JSON request to the auth API, for what auth-js cannot send. */
export async function call(
  t: TestApp,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${t.url}/auth/v1${path}`, {
    method,
    headers: { ...(body !== undefined ? { "content-type": "application/json" } : {}), ...headers },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let json: Record<string, unknown> | null = null;
  try {
    json = text ? (JSON.parse(text) as Record<string, unknown>) : null;
  } catch {
    json = null;
  }
  return { status: res.status, json, headers: res.headers };
}

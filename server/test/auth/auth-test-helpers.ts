import { AuthClient, type SupportedStorage } from "@supabase/auth-js";
import { outboxMails } from "../support/outbox.ts";
import type { TestApp } from "../support/test-app.ts";

/** The real client the web app uses, pointed at the test server, keeping its session in memory. */
export function authClient(t: TestApp, opts: { flowType?: "implicit" | "pkce" } = {}): InstanceType<typeof AuthClient> {
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
  });
}

let counter = 0;
/** A fresh, unique address per call. */
export function newEmail(name = "user"): string {
  counter += 1;
  return `${name}.${Date.now().toString(36)}.${counter}@example.com`;
}

/** Waits for the newest outbox mail to `to` with `subject` (auth mails are sent after the answer). */
export async function waitForMail(t: TestApp, to: string, subject: string, timeoutMs = 5000): Promise<{ text: string; html: string | null }> {
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
export async function followLink(link: URL | string): Promise<{ status: number; target: URL; fragment: URLSearchParams }> {
  const res = await fetch(link, { redirect: "manual" });
  const location = res.headers.get("location");
  if (!location) throw new Error(`no redirect (status ${res.status})`);
  const target = new URL(location);
  return { status: res.status, target, fragment: new URLSearchParams(target.hash.slice(1)) };
}

/** Raw JSON request to the auth API, for what auth-js cannot send. */
export async function call(t: TestApp, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
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

import { AuthError, type AuthChangeEvent, type Session } from "@supabase/auth-js";
import type { Profile } from "@trigger-switch/contracts";
import { vi } from "vitest";
import { createApiClient, type ApiClientOptions } from "@/lib/api-client";
import type { AuthClientLike } from "@/lib/auth/auth-client";
import type { Handler } from "./api-contract";

export const USER_ID = "7b0c2f7e-0000-4000-8000-000000000001";
export const EMAIL = "ada@example.com";

export function makeSession(email = EMAIL): Session {
  return {
    access_token: "access-token",
    refresh_token: "refresh-token",
    expires_in: 3600,
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    token_type: "bearer",
    user: {
      id: USER_ID,
      email,
      aud: "authenticated",
      app_metadata: { provider: "email", providers: ["email"] },
      user_metadata: {},
      created_at: "2025-01-01T00:00:00Z",
    },
  };
}

export function makeProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: USER_ID,
    email: EMAIL,
    first_name: "Ada",
    last_name: "Lovelace",
    whatsapp_number: "+447700900123",
    time_zone: "Europe/London",
    avatar_url: null,
    created_at: "2025-01-01T00:00:00Z",
    updated_at: "2025-01-01T00:00:00Z",
    ...overrides,
  };
}

/**
 * A session whose access token carries `aal`, for an account with a verified authenticator app.
 * `openedBy`: how it was opened, the token's first `amr` method (a password sign-in unless said).
 */
export function makeMfaSession(aal: "aal1" | "aal2", email = EMAIL, openedBy = "password"): Session {
  const amr = [{ method: openedBy, timestamp: Math.floor(Date.now() / 1000) }];
  const payload = btoa(JSON.stringify({ aal, sub: USER_ID, amr }))
    .replace(/=+$/, "")
    .replace(/\+/g, "-")
    .replace(/\//g, "_");
  const base = makeSession(email);
  const factor = {
    id: "factor-1",
    friendly_name: "Phone app",
    factor_type: "totp" as const,
    status: "verified" as const,
    created_at: "2025-01-01T00:00:00Z",
    updated_at: "2025-01-01T00:00:00Z",
  };
  return { ...base, access_token: `eyJhbGciOiJFUzI1NiJ9.${payload}.sig`, user: { ...base.user, factors: [factor] } };
}

type Listener = (event: AuthChangeEvent, session: Session | null) => void;

export interface FakeAuthOptions {
  session?: Session | null;
  /** What signOut answers with; "throw" makes it throw. Default: success. */
  signOut?: AuthError | "throw" | null;
  /** Whether signUp returns a session (the server confirms at once). Default: false. */
  autoconfirm?: boolean;
  /** "fails": refreshSession answers as for a refresh token the server no longer knows. Default: it refreshes. */
  refresh?: "fails";
}

/** auth-js as the app sees it, in memory. `emit` plays the part of a server-side change. */
export function createFakeAuth({ session = null, signOut = null, autoconfirm = false, refresh }: FakeAuthOptions = {}) {
  let current = session;
  let refreshes = 0;
  const listeners = new Set<Listener>();
  const emit = (event: AuthChangeEvent, next: Session | null) => {
    current = next;
    listeners.forEach((listener) => listener(event, next));
  };
  const client = {
    getSession: vi.fn(async () => ({ data: { session: current }, error: null })),
    onAuthStateChange: vi.fn((listener: Listener) => {
      listeners.add(listener);
      queueMicrotask(() => listener("INITIAL_SESSION", current));
      return {
        data: { subscription: { id: "fake", callback: listener, unsubscribe: () => listeners.delete(listener) } },
      };
    }),
    signInWithPassword: vi.fn(async ({ email }: { email: string }) => {
      emit("SIGNED_IN", makeSession(email));
      return { data: { session: current, user: current?.user ?? null }, error: null };
    }),
    signOut: vi.fn(async () => {
      if (signOut === "throw") throw new Error("socket hang up");
      if (signOut) return { error: signOut };
      emit("SIGNED_OUT", null);
      // auth-js awaits storage and listeners before it resolves, so React renders in between.
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { error: null };
    }),
    signUp: vi.fn(async ({ email }: { email: string }) => {
      const created = makeSession(email);
      if (autoconfirm) emit("SIGNED_IN", created);
      return { data: { user: created.user, session: autoconfirm ? created : null }, error: null };
    }),
    resetPasswordForEmail: vi.fn(async () => ({ data: {}, error: null })),
    updateUser: vi.fn(async () => ({ data: { user: current?.user ?? null }, error: null })),
    resend: vi.fn(async () => ({ data: { user: null, session: null }, error: null })),
    // As auth-js: a new access token for the stored refresh token, announced as TOKEN_REFRESHED.
    refreshSession: vi.fn(async () => {
      if (!current || refresh === "fails") {
        return { data: { user: null, session: null }, error: new AuthError("Invalid Refresh Token", 400) };
      }
      emit("TOKEN_REFRESHED", { ...current, access_token: `refreshed-access-token-${(refreshes += 1)}` });
      return { data: { user: current.user, session: current }, error: null };
    }),
    setSession: vi.fn(async () => ({ data: { user: current?.user ?? null, session: current }, error: null })),
    getUser: vi.fn(async () => ({ data: { user: current?.user ?? null }, error: null })),
    mfa: {
      listFactors: vi.fn(async () => ({
        data: { all: current?.user.factors ?? [], totp: [], phone: [], webauthn: [] },
        error: null,
      })),
      enroll: vi.fn(async () => ({ data: null, error: new AuthError("not in this test", 400) })),
      challengeAndVerify: vi.fn(async () => ({ data: null, error: new AuthError("not in this test", 400) })),
      challenge: vi.fn(async () => ({ data: null, error: new AuthError("not in this test", 400) })),
      verify: vi.fn(async () => ({ data: null, error: new AuthError("not in this test", 400) })),
      unenroll: vi.fn(async () => ({ data: null, error: null })),
      webauthn: {
        authenticate: vi.fn(async () => ({ data: null, error: new AuthError("not in this test", 400) })),
      },
    },
    passkey: {
      list: vi.fn(async () => ({ data: [], error: null })),
      update: vi.fn(async () => ({ data: null, error: new AuthError("not in this test", 400) })),
      delete: vi.fn(async () => ({ data: null, error: null })),
    },
    registerPasskey: vi.fn(async () => ({ data: null, error: new AuthError("not in this test", 400) })),
    signInWithPasskey: vi.fn(async () => ({ data: null, error: new AuthError("not in this test", 400) })),
  };
  return { client: client as unknown as AuthClientLike, mocks: client, emit };
}

export { AuthError };
export type { Handler };

/** The handler for `method path`: an exact key first, then keys with `:param` segments. */
function findHandler(
  routes: Record<string, Handler>,
  method: string,
  path: string,
): { handler: Handler; params: Record<string, string> } | null {
  const exact = routes[`${method} ${path}`];
  if (exact) return { handler: exact, params: {} };
  for (const [key, handler] of Object.entries(routes)) {
    const [keyMethod, pattern = ""] = key.split(" ");
    if (keyMethod !== method || !pattern.includes(":")) continue;
    const names: string[] = [];
    const regex = new RegExp(
      `^${pattern.replace(/:([a-zA-Z]+)/g, (_m, name: string) => (names.push(name), "([^/]+)"))}$`,
    );
    const match = regex.exec(path);
    if (match)
      return { handler, params: Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)])) };
  }
  return null;
}

/**
 * The real api client over a fake fetch that answers from `routes` ("GET /api/messages/:id": handler).
 * `tokens`: where it reads the access token and gets a refreshed one. Default: always "access-token".
 */
export function createFakeApi(
  routes: Record<string, Handler>,
  tokens: Pick<ApiClientOptions, "getAccessToken" | "refreshAccessToken"> = {
    getAccessToken: async () => "access-token",
  },
) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? "GET";
    const path = new URL(url, "http://localhost").pathname;
    const body = typeof init.body === "string" ? JSON.parse(init.body) : init.body;
    calls.push({ method, path, body });
    const token = new Headers(init.headers).get("Authorization")?.replace(/^Bearer /, "") ?? null;
    const found = findHandler(routes, method, path);
    const answer = found
      ? found.handler({ method, path, body, params: found.params, token })
      : { status: 404, body: { error: { code: "not_found", message: "Not found" } } };
    const status = answer.status ?? 200;
    // A file download answers bytes as they are.
    if (answer.body instanceof Uint8Array)
      return new Response(new Uint8Array(answer.body), {
        status,
        headers: { "Content-Type": "application/octet-stream" },
      });
    // A Response with status 204 may not have a body.
    return new Response(status === 204 ? null : JSON.stringify(answer.body), {
      status,
      headers: { "Content-Type": "application/json" },
    });
  });
  const api = createApiClient({
    ...tokens,
    fetch: fetch as unknown as typeof globalThis.fetch,
  });
  return { api, calls, fetch };
}

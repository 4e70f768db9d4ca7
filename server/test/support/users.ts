import type { TestApp } from "./test-app.ts";

export interface SignedInUser {
  id: string;
  email: string;
  accessToken: string;
  /** fetch against the test server with this user's bearer token. */
  api(path: string, init?: RequestInit): Promise<Response>;
}

let counter = 0;
const PASSWORD = "correct horse battery staple";

/**
 * Signs a new user up through the real /auth/v1 and then in with the password (the app must run
 * with AUTH_AUTOCONFIRM=true; sign-up itself answers with the user only, decision 017).
 */
export async function signUpUser(
  t: TestApp,
  email = `user${++counter}-${Date.now()}@example.com`,
): Promise<SignedInUser> {
  const credentials = JSON.stringify({ email, password: PASSWORD });
  const signup = await fetch(`${t.url}/auth/v1/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: credentials,
  });
  if (!signup.ok) throw new Error(`sign-up failed (${signup.status}): ${await signup.text()}`);
  return signIn(t, email);
}

/** Signs an existing user in again with the password: for tests that travel past the session's lifetime. */
export async function signIn(t: TestApp, email: string): Promise<SignedInUser> {
  const res = await fetch(`${t.url}/auth/v1/token?grant_type=password`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const body = (await res.json()) as { access_token?: string; user?: { id: string } };
  if (!res.ok || !body.access_token || !body.user)
    throw new Error(`sign-in failed (${res.status}): ${JSON.stringify(body)}`);
  const accessToken = body.access_token;
  return {
    id: body.user.id,
    email,
    accessToken,
    api: (path, init = {}) =>
      fetch(`${t.url}${path}`, { ...init, headers: { authorization: `Bearer ${accessToken}`, ...init.headers } }),
  };
}

export const json = (body: unknown): RequestInit => ({
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});

import { createApiClient } from "./api-client";
import { readLinkHint, sessionStorageKey } from "./auth/auth-client";
import { lazyAuthClient } from "./auth/lazy-auth-client";
import { createOAuthSignIn } from "./auth/oauth-sign-in";
import type { Services } from "./services";

/** The real services of the browser app: auth-js against /auth/v1 and fetch against /api, WebSocket to /realtime. */
export function createServices(): Services {
  // Read before auth-js consumes (and clears) the link's hash.
  const linkHint = readLinkHint(window.location.hash);
  const client = lazyAuthClient(() => import("./auth/auth-js-client").then((m) => m.createAuthClient()));
  client.preload();
  const api = createApiClient({
    // auth-js refreshes a token that is about to expire before handing it out. Without a stored
    // session (a recipient, a visitor) there is no token to wait for auth-js about.
    getAccessToken: async () =>
      mayHaveSession() ? ((await client.getSession()).data.session?.access_token ?? null) : null,
  });
  return { auth: client, api, linkHint, openSocket: (url) => new WebSocket(url), oauth: createOAuthSignIn(client) };
}

/** A session is stored here, or arriving in the address (an e-mailed link's hash). */
function mayHaveSession(): boolean {
  try {
    return (
      window.localStorage.getItem(sessionStorageKey(window.location.hostname)) !== null ||
      window.location.hash.includes("access_token=")
    );
  } catch {
    return true;
  }
}

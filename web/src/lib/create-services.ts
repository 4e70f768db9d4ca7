import { createApiClient } from "./api-client";
import { readLinkHint } from "./auth/auth-client";
import { lazyAuthClient } from "./auth/lazy-auth-client";
import { firstAnswers } from "./prefetched-answers";
import { createOAuthSignIn } from "./auth/oauth-sign-in";
import { browserStoredSession } from "./auth/stored-session";
import { whenIdle } from "./when-idle";
import type { Services } from "./services";

/** The real services of the browser app: auth-js against /auth/v1 and fetch against /api, WebSocket to /realtime. */
export function createServices(): Services {
  // Read before auth-js consumes (and clears) the link's hash.
  const linkHint = readLinkHint(window.location.hash);
  const client = lazyAuthClient(() => import("./auth/auth-js-client").then((m) => m.createAuthClient()), {
    initialSession: browserStoredSession,
  });
  // A visitor's page (no session stored) never needs auth-js until they sign in. With a session it
  // keeps the session fresh, which is not urgent while the stored one is used (more than 5 minutes
  // left): it loads once the page is idle, not while the page's own code and data are on their way.
  if (browserStoredSession() !== null) whenIdle(() => client.preload());
  const api = createApiClient({
    // The answers the entry asked for before the app's code loaded (app/first-requests.ts).
    prefetched: firstAnswers,
    // A stored session far from expiry is what auth-js would hand out; only one about to expire (or
    // one only auth-js can read, as a link's tokens) waits for auth-js, which refreshes it first.
    getAccessToken: async () => {
      const stored = browserStoredSession();
      if (stored !== undefined) return stored?.access_token ?? null;
      return (await client.getSession()).data.session?.access_token ?? null;
    },
    // auth-js stores the refreshed session (and announces it), so the next getAccessToken reads it too.
    refreshAccessToken: async () => {
      const { data, error } = await client.refreshSession();
      return error ? null : (data.session?.access_token ?? null);
    },
  });
  return { auth: client, api, linkHint, openSocket: (url) => new WebSocket(url), oauth: createOAuthSignIn(client) };
}

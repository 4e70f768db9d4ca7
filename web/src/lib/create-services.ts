import { createApiClient } from "./api-client";
import { readLinkHint } from "./auth/auth-client";
import { createAuthClient } from "./auth/auth-js-client";
import { createOAuthSignIn } from "./auth/oauth-sign-in";
import type { Services } from "./services";

/** The real services of the browser app: auth-js against /auth/v1 and fetch against /api, WebSocket to /realtime. */
export function createServices(): Services {
  // Read before auth-js consumes (and clears) the link's hash.
  const linkHint = readLinkHint(window.location.hash);
  const client = createAuthClient();
  const api = createApiClient({
    getAccessToken: async () => (await client.getSession()).data.session?.access_token ?? null,
    // auth-js stores the refreshed session (and announces it), so the next getAccessToken reads it too.
    refreshAccessToken: async () => {
      const { data, error } = await client.refreshSession();
      return error ? null : (data.session?.access_token ?? null);
    },
  });
  return { auth: client, api, linkHint, openSocket: (url) => new WebSocket(url), oauth: createOAuthSignIn(client) };
}

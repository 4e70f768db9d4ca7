import { createApiClient } from "./api-client";
import { createAuthClient } from "./auth/auth-client";
import { createOAuthSignIn } from "./auth/oauth-sign-in";
import type { Services } from "./services";

/** The real services of the browser app: auth-js against /auth/v1 and fetch against /api, WebSocket to /realtime. */
export function createServices(): Services {
  const { client, linkHint } = createAuthClient();
  const api = createApiClient({
    // auth-js refreshes a token that is about to expire before handing it out.
    getAccessToken: async () => (await client.getSession()).data.session?.access_token ?? null,
  });
  return { auth: client, api, linkHint, openSocket: (url) => new WebSocket(url), oauth: createOAuthSignIn(client) };
}

import type { AuthClient, AuthError, Provider } from "@supabase/auth-js";
import { env } from "@/config/env";
import { paths } from "@/config/paths";
import { sessionStorageKey, type AuthClientLike } from "./auth-client";

/** Sign-in with an OpenID provider; injected so tests run without a provider. */
export interface OAuthSignIn {
  /** Sends the browser to the provider (through /auth/v1/authorize). */
  start(provider: string): Promise<{ error: AuthError | null }>;
  /** Turns the `?code=` the sign-in came back with into the app's session. */
  finish(code: string): Promise<{ error: AuthError | null }>;
}

/**
 * The app's main auth client keeps the implicit flow, because e-mailed links carry the session
 * in the address and may be opened in another browser (decision 001). Provider sign-in uses the
 * PKCE flow (spec §7) through a second auth-js client: it keeps its code verifier in this tab's
 * sessionStorage under its own key (so the main client never mistakes the returning `?code=` for
 * its own), exchanges the code, and hands the session to the main client with `setSession`.
 */
export function createOAuthSignIn(main: AuthClientLike): OAuthSignIn {
  const storageKey = `${sessionStorageKey(window.location.hostname)}-oauth`;
  // Made on first use (auth-js is loaded on demand, create-services.ts), not on every page load.
  let made: Promise<InstanceType<typeof AuthClient>> | null = null;
  const client = () =>
    (made ??= import("@supabase/auth-js").then(
      ({ AuthClient }) =>
        new AuthClient({
          url: `${window.location.origin}/auth/v1`,
          headers: { apikey: env.VITE_ANON_KEY },
          storageKey,
          storage: window.sessionStorage,
          flowType: "pkce",
          autoRefreshToken: false,
          persistSession: true,
          detectSessionInUrl: false,
        }),
    ));
  const forget = () => {
    for (const key of Object.keys(window.sessionStorage))
      if (key.startsWith(storageKey)) window.sessionStorage.removeItem(key);
  };
  return {
    async start(provider) {
      const { error } = await (
        await client()
      ).signInWithOAuth({
        provider: provider as Provider,
        options: { redirectTo: `${window.location.origin}${paths.login}` },
      });
      return { error };
    },
    async finish(code) {
      const { data, error } = await (await client()).exchangeCodeForSession(code);
      if (error || !data.session) {
        forget();
        return { error };
      }
      const handed = await main.setSession({
        access_token: data.session.access_token,
        refresh_token: data.session.refresh_token,
      });
      forget();
      return { error: handed.error };
    },
  };
}

import { AuthClient } from "@supabase/auth-js";
import { env } from "@/config/env";
import { sessionStorageKey, type AuthClientLike } from "./auth-client";

/** The app's auth-js client (loaded on demand: create-services.ts). */
export function createAuthClient(): AuthClientLike {
  return new AuthClient({
    url: `${window.location.origin}/auth/v1`,
    headers: { apikey: env.VITE_ANON_KEY },
    storageKey: sessionStorageKey(window.location.hostname),
    autoRefreshToken: true,
    persistSession: true,
    detectSessionInUrl: true,
    // Links from our e-mails carry the session in the hash, so no code verifier is needed
    // in the browser that opens them (it may not be the one that asked).
    flowType: "implicit",
    // Passkey sign-in and the /passkeys calls (docs/decisions/040); auth-js names them experimental.
    experimental: { passkey: true },
  });
}

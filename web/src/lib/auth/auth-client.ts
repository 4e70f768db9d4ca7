import { AuthClient } from "@supabase/auth-js";
import { env } from "@/config/env";

/** The part of auth-js the app uses; tests hand in a fake with the same shape. */
export type AuthClientLike = Pick<
  InstanceType<typeof AuthClient>,
  | "getSession"
  | "onAuthStateChange"
  | "signInWithPassword"
  | "signOut"
  | "signUp"
  | "resetPasswordForEmail"
  | "updateUser"
  | "resend"
  | "setSession"
  | "getUser"
  | "mfa"
>;

/** Spec §9: "the session storage key is derived from the project host". */
export function sessionStorageKey(hostname: string): string {
  return `sb-${hostname}-auth-token`;
}

/**
 * What the e-mail link put in the URL hash, read before auth-js consumes and clears it.
 * auth-js announces a recovery link with a PASSWORD_RECOVERY event fired on a timer during
 * its start-up; if that fires before React subscribes, this is the only trace of it left.
 */
export interface LinkHint {
  type: string | null;
  errorDescription: string | null;
}

export function readLinkHint(hash: string): LinkHint {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  return { type: params.get("type"), errorDescription: params.get("error_description") };
}

export function createAuthClient(): { client: AuthClientLike; linkHint: LinkHint } {
  const linkHint = readLinkHint(window.location.hash);
  const client = new AuthClient({
    url: `${window.location.origin}/auth/v1`,
    headers: { apikey: env.VITE_ANON_KEY },
    storageKey: sessionStorageKey(window.location.hostname),
    autoRefreshToken: true,
    persistSession: true,
    detectSessionInUrl: true,
    // Links from our e-mails carry the session in the hash, so no code verifier is needed
    // in the browser that opens them (it may not be the one that asked).
    flowType: "implicit",
  });
  return { client, linkHint };
}

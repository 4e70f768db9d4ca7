import type { AuthClient } from "@supabase/auth-js";

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
  | "refreshSession"
  | "getUser"
  | "mfa"
  | "passkey"
  | "registerPasskey"
  | "signInWithPasskey"
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
  /** GoTrue's `error_code`, e.g. "otp_expired" for a link that was used or is too old. */
  errorCode: string | null;
}

export function readLinkHint(hash: string): LinkHint {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  return {
    type: params.get("type"),
    errorDescription: params.get("error_description"),
    errorCode: params.get("error_code"),
  };
}

import type { SecurityEvent } from "../api/security-log";

const METHODS: Record<string, string> = {
  password: "with your password",
  oauth: "with a sign-in provider",
  otp: "by confirming your e-mail address",
  recovery: "with a password-reset link",
  email_change: "by confirming a new e-mail address",
  passkey: "with a passkey",
};

const KINDS: Record<string, string> = { phone: "Phone", webauthn: "Passkey" };
/** What a factor is, by its type: a phone, a passkey, else an authenticator app. */
const kindOf = (type: string | undefined) => KINDS[type ?? ""] ?? "Authenticator";

/** Why a passkey's answer was refused, in words (the server logs only the reason's name). */
const PASSKEY_REASONS: Record<string, string> = {
  origin: "it came from another website",
  rp_id: "it was made for another website",
  challenge: "it answered an old or different request",
  counter: "its use counter went backwards, as a copied passkey's does",
  user_verification: "it did not check your fingerprint, face or PIN",
  signature: "its signature did not check out",
  unknown_credential: "it is not (or no longer) on your account",
};

/** One line of the security log in words; `warning` marks what may mean someone else is trying. */
export function describeSecurityEvent(event: Pick<SecurityEvent, "kind" | "detail">): {
  text: string;
  warning: boolean;
} {
  const d = event.detail;
  switch (event.kind) {
    case "sign_in":
      return {
        text: `Signed in ${METHODS[d.method ?? ""] ?? ""}${d.factor ? ` “${d.factor}”` : ""}`.trim(),
        warning: false,
      };
    case "passkey_used":
      return { text: `Confirmed it was you with passkey “${d.factor ?? "Passkey"}”`, warning: false };
    case "passkey_rejected":
      return {
        text: `A passkey${d.factor ? ` (“${d.factor}”)` : ""} was refused: ${PASSKEY_REASONS[d.reason ?? ""] ?? "it could not be verified"}`,
        // Refused while adding it, the owner was there; at sign-in it may be someone else.
        warning: d.while !== "adding",
      };
    case "push_device_added":
      return { text: `Notifications turned on for “${d.device ?? "a device"}”`, warning: false };
    case "push_device_removed":
      return { text: `Notifications turned off for “${d.device ?? "a device"}” (device removed)`, warning: false };
    case "factor_renamed":
      return { text: `${kindOf(d.type)} “${d.from ?? ""}” renamed to “${d.factor ?? ""}”`, warning: false };
    case "sign_in_failed":
      return {
        text:
          d.reason === "delete_account"
            ? "Wrong password given to delete the account"
            : "Failed sign-in: wrong password",
        warning: true,
      };
    case "mfa_failed":
      return {
        text:
          d.factor === "recovery code"
            ? "Failed sign-in: wrong recovery code"
            : "Failed sign-in: wrong second-factor code",
        warning: true,
      };
    case "factor_code_failed":
      // Typed while setting the factor up, signed in already: no one was trying to get in.
      return {
        text: `Wrong code while adding ${d.type === "phone" ? "phone" : "authenticator"} “${d.factor ?? "app"}” (not a sign-in)`,
        warning: false,
      };
    case "factor_added":
      return { text: `${kindOf(d.type)} “${d.factor ?? "app"}” added`, warning: false };
    case "factor_removed":
      return {
        text: `${kindOf(d.type)} “${d.factor ?? "app"}” removed`,
        warning: false,
      };
    case "recovery_codes_created":
      return { text: "New recovery codes made; earlier ones stopped working", warning: false };
    case "recovery_code_used":
      return { text: `Signed in with a recovery code (${d.remaining ?? "some"} left)`, warning: true };
    case "sign_in_reported":
      return {
        text: `Sign-in from ${d.device ?? "a device"} reported as not you: ${d.ended === "that session" ? "that device signed out" : "every device signed out, password blocked"}`,
        warning: true,
      };
    case "identity_linked":
      return { text: `Sign-in with ${d.provider ?? "a provider"} linked to your account`, warning: false };
    case "password_changed":
      return { text: "Password changed; other devices signed out", warning: false };
    case "email_change_requested":
      return { text: `Change of e-mail address to ${d.to ?? "a new address"} requested`, warning: false };
    case "email_changed":
      return { text: `E-mail address changed to ${d.to ?? "a new address"}`, warning: false };
    case "session_ended":
      return { text: "A session on another device was ended", warning: false };
    case "other_sessions_ended":
      return {
        text: `Signed out everywhere else (${d.count ?? "all"} ${d.count === "1" ? "device" : "devices"})`,
        warning: false,
      };
    case "account_exported":
      return { text: "All your data was downloaded", warning: false };
    default:
      return { text: event.kind.replaceAll("_", " "), warning: false };
  }
}

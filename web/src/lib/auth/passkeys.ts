/**
 * Whether this browser can make and use passkeys (WebAuthn). Checked in the browser only: the
 * prerendered sign-in page has the passkey button, and the first render after hydration removes it
 * where this is false.
 */
export function supportsPasskeys(): boolean {
  return (
    typeof window !== "undefined" &&
    "PublicKeyCredential" in window &&
    typeof navigator.credentials?.create === "function" &&
    typeof navigator.credentials?.get === "function"
  );
}

/**
 * A passkey failure in words. The browser's own errors (cancelled, timed out, no passkey here)
 * come from auth-js as WebAuthnError; the server's refusals already carry a sentence.
 */
export function describePasskeyError(error: { name?: string; code?: string; message?: string } | null): string {
  if (!error) return "The passkey could not be used. Please try again.";
  if (error.code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED")
    return "This device already holds a passkey for your account.";
  if (error.name === "WebAuthnError" || error.name === "AbortError" || error.name === "NotAllowedError")
    return "No passkey was used: the request was cancelled or timed out. Try again when you are ready.";
  if (error.name === "AuthUnknownError" && /does not support WebAuthn/.test(error.message ?? ""))
    return "This browser cannot use passkeys.";
  return error.message || "The passkey could not be used. Please try again.";
}

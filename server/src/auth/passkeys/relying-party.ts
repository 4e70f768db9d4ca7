/** Who passkeys are made for: the browser binds each one to `id` and signs the page's `origin`. */
export interface RelyingParty {
  /** The host of SITE_URL without its port (WebAuthn's RP id). */
  id: string;
  /** SITE_URL's origin: the only page a passkey answer may come from. */
  origin: string;
  /** What the browser shows when it asks to make or use a passkey. */
  name: string;
}

/** Derived from SITE_URL alone, so the server and its tests agree on it without a setting of its own. */
export function relyingPartyOf(siteUrl: string): RelyingParty {
  const url = new URL(siteUrl);
  return { id: url.hostname, origin: url.origin, name: "Trigger Switch" };
}

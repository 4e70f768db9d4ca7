import type { Factor, Session } from "@supabase/auth-js";

export type AssuranceLevel = "aal1" | "aal2";

export interface Assurance {
  current: AssuranceLevel | null;
  /** Spec §4: aal2 when any verified factor exists, else the current level. */
  next: AssuranceLevel | null;
  /** The account has a verified factor and this session has not proved it yet. */
  needsSecondFactor: boolean;
  verifiedFactors: Factor[];
}

/**
 * What auth-js's `mfa.getAuthenticatorAssuranceLevel()` works out from a session (the `aal`
 * claim of the access token and the user's verified factors), done synchronously so the
 * provider knows it in the same render as the session.
 */
export function assuranceOf(session: Session | null): Assurance {
  if (!session) return { current: null, next: null, needsSecondFactor: false, verifiedFactors: [] };
  const current = aalClaim(session.access_token);
  const verifiedFactors = (session.user.factors ?? []).filter((f) => f.status === "verified");
  const next = verifiedFactors.length > 0 ? "aal2" : current;
  return { current, next, needsSecondFactor: current === "aal1" && next === "aal2", verifiedFactors };
}

function aalClaim(token: string): AssuranceLevel | null {
  try {
    const payload = token.split(".")[1] ?? "";
    const json = JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/"))) as { aal?: unknown };
    return json.aal === "aal2" ? "aal2" : json.aal === "aal1" ? "aal1" : null;
  } catch {
    return null;
  }
}

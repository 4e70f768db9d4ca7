import type { Factor, Session } from "@supabase/auth-js";

export type AssuranceLevel = "aal1" | "aal2";

export interface Assurance {
  current: AssuranceLevel | null;
  /** Spec §4: aal2 when any verified factor exists, else the current level. */
  next: AssuranceLevel | null;
  /** The account has a verified factor and this session has not proved it yet. */
  needsSecondFactor: boolean;
  verifiedFactors: Factor[];
  /**
   * How the session was opened: the first method of the token's `amr` claim ("password",
   * "oauth", "otp" for a confirmation link, "recovery" for a password-reset link, "email_change").
   */
  openedBy: string | null;
}

/**
 * What auth-js's `mfa.getAuthenticatorAssuranceLevel()` works out from a session (the `aal`
 * claim of the access token and the user's verified factors), done synchronously so the
 * provider knows it in the same render as the session.
 */
export function assuranceOf(session: Session | null): Assurance {
  if (!session) return { current: null, next: null, needsSecondFactor: false, verifiedFactors: [], openedBy: null };
  const claims = claimsOf(session.access_token);
  const current = claims.aal === "aal2" ? "aal2" : claims.aal === "aal1" ? "aal1" : null;
  const verifiedFactors = (session.user.factors ?? []).filter((f) => f.status === "verified");
  const next = verifiedFactors.length > 0 ? "aal2" : current;
  const first: unknown = Array.isArray(claims.amr) ? claims.amr[0] : undefined;
  const method = typeof first === "object" && first !== null ? (first as { method?: unknown }).method : undefined;
  return {
    current,
    next,
    needsSecondFactor: current === "aal1" && next === "aal2",
    verifiedFactors,
    openedBy: typeof method === "string" ? method : null,
  };
}

function claimsOf(token: string): { aal?: unknown; amr?: unknown } {
  try {
    const payload = token.split(".")[1] ?? "";
    const json: unknown = JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/")));
    return typeof json === "object" && json !== null ? json : {};
  } catch {
    return {};
  }
}

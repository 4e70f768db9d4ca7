import type { AuthError, Factor, Session, User } from "@supabase/auth-js";
import type { Profile } from "@trigger-switch/contracts";
import { createContext, useContext } from "react";

/** Spec §4: loaded or not, signed in or not; the profile travels with the session. */
export interface AuthState {
  /** False until auth-js has restored (or failed to restore) the stored session. */
  loaded: boolean;
  /** The signed-in session; null while a second factor is still owed (see `secondFactor`). */
  session: Session | null;
  user: User | null;
  /**
   * Set after a password (or provider, or e-mailed link) sign-in on an account with a verified
   * factor, until its code is entered: the session is aal1 with aal2 next, which counts as not
   * signed in yet. `openedBy`: how that session was opened (assurance.ts).
   */
  secondFactor: { email: string; factors: Factor[]; openedBy: string | null } | null;
  /** Null when signed out, when none exists yet, or when fetching it failed (logged only). */
  profile: Profile | null;
  /** True while a signed-in user's profile has not been fetched yet. */
  profileLoading: boolean;
  /** True when the session came from a password-recovery link. */
  recovery: boolean;
  /** True once the user signed out themselves (not a lapsed session): guarded pages then lead home, not to sign-in. */
  signedOutByUser: boolean;
  /** Signs out and clears user, session and profile. Navigation and toasts are the caller's. */
  signOut: () => Promise<{ error: AuthError | null }>;
}

export const AuthContext = createContext<AuthState | null>(null);

export function useAuth(): AuthState {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error("useAuth must be used inside <AuthProvider>");
  return auth;
}

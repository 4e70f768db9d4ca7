import type { Session } from "@supabase/auth-js";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { toast } from "sonner";
import { clearHeaderButtons } from "../header-buttons-cache";
import { useServices } from "../services";
import { assuranceOf } from "./assurance";
import { AuthContext, type AuthState } from "./auth-context";
import { fetchProfile, profileQueryKey } from "./profile-query";
import { useSessionWatch } from "./use-session-watch";

interface SessionState {
  loaded: boolean;
  session: Session | null;
  recovery: boolean;
  signedOutByUser: boolean;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const { auth, api, linkHint } = useServices();
  const queryClient = useQueryClient();
  const [state, setState] = useState<SessionState>({ loaded: false, session: null, recovery: false, signedOutByUser: false });
  // Set for the duration of our own signOut(), so its SIGNED_OUT event is known to be the user's doing.
  const userSigningOut = useRef(false);

  useEffect(() => {
    // auth-js calls back with INITIAL_SESSION first (that is "loaded"), then on every change:
    // SIGNED_IN, SIGNED_OUT, TOKEN_REFRESHED, MFA_CHALLENGE_VERIFIED, USER_UPDATED, PASSWORD_RECOVERY.
    const { data } = auth.onAuthStateChange((event, session) => {
      setState((previous) => ({
        loaded: true,
        session,
        recovery:
          session !== null &&
          (event === "PASSWORD_RECOVERY" ||
            previous.recovery ||
            (event === "INITIAL_SESSION" && linkHint.type === "recovery")),
        signedOutByUser: session === null && (userSigningOut.current || previous.signedOutByUser),
      }));
      if (event === "SIGNED_OUT") {
        // Nothing of the previous user may linger in memory (or storage) for the next one.
        queryClient.removeQueries();
        clearHeaderButtons();
        if (!userSigningOut.current) {
          toast.info("You were signed out", { description: "This session was ended, on another device or by a password change. Please sign in again." });
        }
      } else if (session && event !== "INITIAL_SESSION" && !assuranceOf(session).needsSecondFactor) {
        void queryClient.invalidateQueries({ queryKey: profileQueryKey(session.user.id) });
      }
    });
    return () => data.subscription.unsubscribe();
  }, [auth, queryClient, linkHint]);

  // Spec §4 / issue 12: aal1 with aal2 next is not signed in yet; the sign-in page asks for the code.
  const assurance = useMemo(() => assuranceOf(state.session), [state.session]);
  const session = assurance.needsSecondFactor ? null : state.session;
  const user = session?.user ?? null;
  useSessionWatch(auth, state.session !== null);
  const secondFactor = useMemo(
    () => (assurance.needsSecondFactor && state.session ? { email: state.session.user.email ?? "", factors: assurance.verifiedFactors } : null),
    [assurance, state.session],
  );
  const profileQuery = useQuery({
    queryKey: profileQueryKey(user?.id ?? ""),
    queryFn: () => fetchProfile(api),
    enabled: user !== null,
  });

  useEffect(() => {
    // Spec §8: profile fetch errors are logged only; the user simply has no profile.
    if (profileQuery.error) console.error("Could not load the profile", profileQuery.error);
  }, [profileQuery.error]);

  const signOut = useCallback(async () => {
    userSigningOut.current = true;
    try {
      const { error } = await auth.signOut();
      if (!error) {
        setState({ loaded: true, session: null, recovery: false, signedOutByUser: true });
        queryClient.removeQueries();
        clearHeaderButtons();
      }
      return { error };
    } finally {
      userSigningOut.current = false;
    }
  }, [auth, queryClient]);

  const value = useMemo<AuthState>(
    () => ({
      loaded: state.loaded,
      session,
      user,
      secondFactor,
      profile: user ? (profileQuery.data ?? null) : null,
      profileLoading: user !== null && profileQuery.isPending,
      recovery: state.recovery,
      signedOutByUser: state.signedOutByUser,
      signOut,
    }),
    [state, session, user, secondFactor, profileQuery.data, profileQuery.isPending, signOut],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

import type { Session } from "@supabase/auth-js";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { startTransition, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { clearHeaderButtons } from "../header-buttons-cache";
import { useServices } from "../services";
import { toast } from "../toast";
import { assuranceOf } from "./assurance";
import { AuthContext, type AuthState } from "./auth-context";
import { fetchProfile, profileQueryKey } from "./profile-query";
import { useSessionWatch } from "./use-session-watch";

interface SessionState {
  loaded: boolean;
  session: Session | null;
  recovery: boolean;
  signedOutByUser: boolean;
  /** An /api call answered 401: the session is being ended here; nothing may act on its cache. */
  ending: boolean;
}

/** Said when a session ends without the user signing out here (another device, a password change, an /api 401). */
export const SESSION_ENDED_TOAST = {
  title: "You were signed out",
  description: "Your session ended, on another device or by a password change. Please sign in again.",
} as const;

function sameState(a: SessionState, b: SessionState): boolean {
  return (
    a.loaded === b.loaded &&
    a.recovery === b.recovery &&
    a.signedOutByUser === b.signedOutByUser &&
    a.ending === b.ending &&
    sameSession(a.session, b.session)
  );
}

function sameSession(a: Session | null, b: Session | null): boolean {
  if (a === b) return true;
  if (a === null || b === null) return false;
  return (
    a.access_token === b.access_token &&
    a.refresh_token === b.refresh_token &&
    a.expires_at === b.expires_at &&
    JSON.stringify(a.user) === JSON.stringify(b.user)
  );
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const { auth, api, linkHint } = useServices();
  const queryClient = useQueryClient();
  const [state, setState] = useState<SessionState>({
    loaded: false,
    session: null,
    recovery: false,
    signedOutByUser: false,
    ending: false,
  });
  // Set for the duration of our own signOut(), so its SIGNED_OUT event is known to be the user's doing.
  const userSigningOut = useRef(false);
  const endingSession = useRef(false);
  // The access token of the session last announced: auth-js may announce the same session again as
  // SIGNED_IN (when it recovers the stored one, or the tab is shown again), which changes nothing.
  const announcedToken = useRef<string | null>(null);

  useEffect(() => {
    // auth-js calls back with INITIAL_SESSION first (that is "loaded"), then on every change:
    // SIGNED_IN, SIGNED_OUT, TOKEN_REFRESHED, MFA_CHALLENGE_VERIFIED, USER_UPDATED, PASSWORD_RECOVERY.
    const { data } = auth.onAuthStateChange((event, session) => {
      const announcedAgain = session !== null && session.access_token === announcedToken.current;
      announcedToken.current = session?.access_token ?? null;
      const update = (apply: () => void) => (event === "INITIAL_SESSION" ? startTransition(apply) : apply());
      // The first answer (the stored session, or none) often arrives while React is still
      // hydrating a prerendered page. As an urgent update it would make React finish hydrating the
      // whole page in one long task; as a transition it waits for hydration and renders in slices.
      update(() =>
        setState((previous) => {
          const next = {
            loaded: true,
            session,
            recovery:
              session !== null &&
              (event === "PASSWORD_RECOVERY" ||
                previous.recovery ||
                (event === "INITIAL_SESSION" && linkHint.type === "recovery")),
            signedOutByUser: session === null && (userSigningOut.current || previous.signedOutByUser),
            ending: session !== null && previous.ending && event !== "SIGNED_IN",
          };
          // auth-js, once loaded, announces the session the app already uses twice more (a copy
          // of it each time): kept as it was, nothing that reads the session renders again.
          return sameState(previous, next) ? previous : next;
        }),
      );
      if (event === "SIGNED_OUT") {
        // Nothing of the previous user may linger in memory (or storage) for the next one.
        queryClient.removeQueries();
        clearHeaderButtons();
        if (!userSigningOut.current) {
          // One notice however many times auth-js announces the same ending (a failed refresh, then our sign-out).
          toast.info(SESSION_ENDED_TOAST.title, { id: "session-ended", description: SESSION_ENDED_TOAST.description });
        }
      } else if (session && event !== "INITIAL_SESSION" && !announcedAgain && !assuranceOf(session).needsSecondFactor) {
        void queryClient.invalidateQueries({ queryKey: profileQueryKey(session.user.id) });
      }
    });
    return () => data.subscription.unsubscribe();
  }, [auth, queryClient, linkHint]);

  // The server no longer knows this session (ended elsewhere; the periodic watch may not have
  // noticed yet). End it here too: auth-js forgets it and announces SIGNED_OUT, which clears the
  // cache and says so above; the guard then sends the user to /login.
  useEffect(
    () =>
      api.onUnauthorized(() => {
        // Several requests may fail at once; one sign-out (and one toast) is enough.
        if (endingSession.current) return;
        endingSession.current = true;
        setState((previous) => (previous.session ? { ...previous, ending: true } : previous));
        auth
          .signOut({ scope: "local" })
          .catch((error: unknown) => console.error("Could not end the local session", error))
          .finally(() => {
            endingSession.current = false;
            // Never leave the guard loading: SIGNED_OUT normally cleared this already.
            setState((previous) => (previous.ending ? { ...previous, ending: false } : previous));
          });
      }),
    [api, auth],
  );

  // Spec §4: aal1 with aal2 next is not signed in yet; the sign-in page asks for the code
  // (docs/decisions/016-second-factors-and-step-up.md).
  const assurance = useMemo(() => assuranceOf(state.session), [state.session]);
  const session = assurance.needsSecondFactor ? null : state.session;
  const user = session?.user ?? null;
  useSessionWatch(auth, state.session !== null);
  const secondFactor = useMemo(
    () =>
      assurance.needsSecondFactor && state.session
        ? { email: state.session.user.email ?? "", factors: assurance.verifiedFactors, openedBy: assurance.openedBy }
        : null,
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
        setState({ loaded: true, session: null, recovery: false, signedOutByUser: true, ending: false });
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
      // While an ended session is being forgotten, its failed profile must not send the guard to /profile.
      profileLoading: user !== null && (profileQuery.isPending || state.ending),
      recovery: state.recovery,
      signedOutByUser: state.signedOutByUser,
      signOut,
    }),
    [state, session, user, secondFactor, profileQuery.data, profileQuery.isPending, signOut],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

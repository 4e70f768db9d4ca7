import { GUARD_MIN_LOADING_MS, profileCompleteness } from "@trigger-switch/contracts";
import { useDeferredValue, type ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { LoadingScreen } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { useMinimumDelay } from "@/hooks/use-minimum-delay";
import { useAuth } from "@/lib/auth/auth-context";

/** Where the guard came from, so sign-in can return there. */
export interface RedirectState {
  from?: { pathname: string; search: string; hash: string };
}

/** Spec §2 guard: Loading... for at least 500 ms, then sign-in, then a complete profile. */
export function Guard({ children }: { children: ReactNode }) {
  const { loaded, user, profile, profileLoading, signedOutByUser } = useAuth();
  const location = useLocation();
  const delayOver = useMinimumDelay(loaded, GUARD_MIN_LOADING_MS);

  const decided = loaded && delayOver && !profileLoading;
  // The page behind the guard is the largest render of a signed-in start. Letting it through is
  // urgent (the profile's answer), so React would render it in one long task; deferred, it renders
  // in a transition, in slices, while the loading screen stays on.
  const pageMayRender = useDeferredValue(decided);

  if (!decided) return <LoadingScreen />;

  // `user` is null also while a second factor is owed (aal1 with aal2 next): such a session is not
  // signed in yet, and /login asks for the code (docs/decisions/016-second-factors-and-step-up.md).
  // Spec §4: after sign-out the user goes to /; the guard must not race that to /login.
  if (!user && signedOutByUser) return <Navigate to={paths.home} replace />;
  if (!user) {
    const { pathname, search, hash } = location;
    const state: RedirectState = { from: { pathname, search, hash } };
    return <Navigate to={paths.login} replace state={state} />;
  }

  const onProfile = location.pathname.replace(/\/+$/, "") === paths.profile;
  if (!onProfile && !profileCompleteness(profile).isComplete) {
    return <Navigate to={paths.profile} replace />;
  }

  return pageMayRender ? children : <LoadingScreen />;
}

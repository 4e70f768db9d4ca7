import { useCallback } from "react";
import { useNavigate } from "react-router";
import { paths } from "@/config/paths";
import { toast } from "@/lib/toast";
import { useAuth } from "./auth-context";

/** Spec §8 texts. The menus add a trailing period to the success description. */
export const signOutTexts = {
  successTitle: "Signed out successfully",
  successDescription: "You have been signed out of your account.",
  failureTitle: "Sign out failed",
  failureDescription: (message?: string) =>
    message ? `There was an issue signing you out: ${message}` : "There was an issue signing you out",
  errorTitle: "Error signing out",
  errorDescription: "There was a problem signing you out. Please try again.",
} as const;

/** Sign-out as the menus do it: sign out, go to /, and say what happened (spec §4, §8). */
export function useSignOut(): () => Promise<void> {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      const { error } = await signOut();
      if (error) {
        toast.error(signOutTexts.failureTitle, { description: signOutTexts.failureDescription(error.message) });
        return;
      }
      // Replace, so Back does not return to a page that needs the session just ended.
      navigate(paths.home, { replace: true });
      toast.success(signOutTexts.successTitle, { description: signOutTexts.successDescription });
    } catch (error) {
      console.error("Sign out threw", error);
      toast.error(signOutTexts.errorTitle, { description: signOutTexts.errorDescription });
    }
  }, [signOut, navigate]);
}

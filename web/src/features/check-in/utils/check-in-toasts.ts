import type { CheckInAnswer } from "@trigger-switch/contracts";
import { isApiError } from "@/lib/api-client";
import { browserTimeZone } from "@/lib/time-zone";
import { toast } from "@/lib/toast";
import { checkInCancelled, NOTHING_WAITED } from "./check-in-words";

/**
 * Spec §8's three check-in toasts, shared by the header/dashboard check-in and the reminder
 * link's page so both speak with one voice. `start` returns the id the outcome replaces.
 */
export const checkInToasts = {
  start: () => toast.loading("Checking in...", { description: "Resetting your Trigger Switch timers" }),
  success: (id?: string | number) =>
    toast.success("Check-In Successful", { id, description: "Your Trigger Switch has been reset." }),
  /**
   * The app's own check-in, from the server's answer: the spec's words when a timer was reset, what
   * else it did (a dated delivery cancelled: it stays until closed), or that nothing waited for it
   * (docs/decisions/028).
   */
  answered: (answer: CheckInAnswer, id?: string | number) => {
    if (answer.waiting === 0) return toast.info("Checked in", { id, description: NOTHING_WAITED });
    if (answer.cancelled.length === 0) return checkInToasts.success(id);
    const reset = answer.waiting > answer.cancelled.length ? "Your Trigger Switch has been reset. " : "";
    return toast.success("Check-In Successful", {
      id,
      description: `${reset}${checkInCancelled(answer.cancelled, browserTimeZone())}`,
      duration: Infinity,
    });
  },
  failure: (error: unknown, id?: string | number) => {
    // Spec §5: check-in requires a signed-in user; a 401 means the session has ended (and the app
    // ends it here too, lib/auth/auth-provider.tsx).
    if (isApiError(error) && error.status === 401)
      return toast.error("Authentication Required", { id, description: CHECK_IN_SIGNED_OUT });
    return toast.error("Check-In Failed", { id, description: checkInFailure(error) });
  },
};

/** Spec §8's texts for a check-in without a session, and for a server that could not record it. */
export const CHECK_IN_SIGNED_OUT = "You must be logged in to perform a check-in.";
export const CHECK_IN_NOT_RECORDED = "Failed to update condition timestamps";

/**
 * 'Please try again' when the network failed; spec §8's 'Failed to update condition timestamps'
 * when the server failed (5xx: its transaction did not commit, so the timers were not reset);
 * else the server's words, else the spec's fallback.
 */
function checkInFailure(error: unknown): string {
  if (!isApiError(error)) return "Unable to complete check-in";
  if (error.code === "network_error") return "Please try again";
  if (error.status >= 500) return CHECK_IN_NOT_RECORDED;
  return error.message || "Unable to complete check-in";
}

import { toast } from "sonner";
import { isApiError } from "@/lib/api-client";

/**
 * Spec §8's three check-in toasts, shared by the header/dashboard check-in and the reminder
 * link's page so both speak with one voice. `start` returns the id the outcome replaces.
 */
export const checkInToasts = {
  start: () => toast.loading("Checking in...", { description: "Resetting your Trigger Switch timers" }),
  success: (id?: string | number) => toast.success("Check-In Successful", { id, description: "Your Trigger Switch has been reset." }),
  failure: (error: unknown, id?: string | number) => toast.error("Check-In Failed", { id, description: checkInFailure(error) }),
};

/** 'Please try again' when the network failed, else the server's words, else the spec's fallback. */
function checkInFailure(error: unknown): string {
  if (!isApiError(error)) return "Unable to complete check-in";
  return error.code === "network_error" ? "Please try again" : error.message || "Unable to complete check-in";
}

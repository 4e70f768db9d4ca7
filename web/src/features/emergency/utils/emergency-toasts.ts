import { toast } from "sonner";
import { locationFailureText } from "./location-outcome";
import type { PanicToast, SendResult } from "./panic-machine";

/** One toast from 'EMERGENCY ALERT' to its outcome: the outcome replaces the spinner. */
const ALERT_ID = "emergency-alert";

/**
 * At the bottom, unlike the app's other toasts: at the top they cover the header, and with it the
 * countdown's CLICK TO CANCEL button on a phone (found by the browser journey).
 */
const position = "bottom-center" as const;
/** Failures and warnings stay until closed. */
const sticky = { position, duration: Infinity };

/**
 * Spec §8's emergency toasts word for word, plus two plain notices the spec lacks
 * (docs/decisions/009-emergency-web.md): that the location did not go with the message, and that
 * cancelling cannot call back a message already sent. Failures stay until closed: someone in
 * danger may look away, and a failure that vanishes after four seconds is a failure unseen.
 */
export function showPanicToast(kind: PanicToast, result?: SendResult, reason?: string): void {
  switch (kind) {
    case "auth-panic":
      toast.error("Authentication Required", { position, description: "You must be logged in to use the panic button." });
      return;
    case "auth-trigger":
      toast.error("Authentication Required", { id: ALERT_ID, description: "You must be logged in to trigger an emergency message.", ...sticky });
      return;
    case "nothing-to-send":
      toast.error("Error", { description: "Failed to trigger panic message", ...sticky });
      return;
    case "sending":
      toast.loading("EMERGENCY ALERT", { id: ALERT_ID, position, description: "Triggering your emergency message..." });
      return;
    case "triggered":
      toast.success("EMERGENCY ALERT TRIGGERED", { id: ALERT_ID, position, description: "Your emergency message with your current location and attachments has been sent." });
      return;
    case "location-missing":
      if (result?.location.included !== false) return;
      toast.warning("Your location was not included", {
        id: "emergency-location",
        description: `The message went without it: ${locationFailureText(result.location.reason)}.`,
        ...sticky,
      });
      return;
    case "cancelled":
      toast.info("Emergency alert cancelled", { id: ALERT_ID, position, description: "Your emergency message has been cancelled." });
      return;
    case "cancel-is-local":
      toast.warning("It had already been sent", {
        id: "emergency-cancel-local",
        description: "Cancelling stopped the countdown on this device only. Your recipients already have the message; if you are safe, tell them yourself.",
        ...sticky,
      });
      return;
    case "error":
      toast.error("Emergency Alert Error", { id: ALERT_ID, description: "There was an error sending your emergency message. Please try again or contact support.", ...sticky });
      return;
    case "failure-reason":
      toast.error("Nobody was alerted", { id: "emergency-reason", description: reason, ...sticky });
      return;
  }
}

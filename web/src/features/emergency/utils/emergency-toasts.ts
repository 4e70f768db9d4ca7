import { toast } from "@/lib/toast";
import { locationFailureText } from "./location-outcome";
import type { PanicToast, SendResult } from "./panic-machine";
import { takenBefore } from "./sent-location";

/** One toast from 'EMERGENCY ALERT' to its outcome: the outcome replaces the spinner. */
const ALERT_ID = "emergency-alert";

/**
 * Top centre like every other toast of the app (issue 14). They used to sit at the bottom because
 * at the top they covered the header's CLICK TO CANCEL button on a phone; the toaster now starts
 * below the header (app/provider.tsx), so the button stays visible and pressable.
 */
const position = "top-center" as const;
/** Failures and warnings stay until closed. */
const sticky = { position, duration: Infinity };

/** Spec §8's words, used only when they are true: the location went and there were attachments. */
const SPEC_TRIGGERED = "Your emergency message with your current location and attachments has been sent.";

/**
 * 'EMERGENCY ALERT TRIGGERED' in words that claim no location or attachment that did not go, and
 * call a position current only when this press found it (an earlier one is "last known").
 */
export function triggeredDescription(result: SendResult | undefined): string {
  const location = result?.location;
  const withFiles = (result?.attachments ?? 0) > 0;
  if (location?.included && !location.earlier)
    return withFiles ? SPEC_TRIGGERED : "Your emergency message with your current location has been sent.";
  if (location?.included)
    return withFiles
      ? "Your emergency message with your last known location and its attachments has been sent."
      : "Your emergency message with your last known location has been sent.";
  if (withFiles) return "Your emergency message with its attachments has been sent.";
  return "Your emergency message has been sent.";
}

/**
 * Spec §8's emergency toasts word for word, plus plain notices the spec lacks
 * (docs/decisions/009-emergency-web.md): that the location did not go with the message, or that an
 * earlier one went in place of one this press could not find, and that cancelling cannot call back
 * a message already sent. Failures stay until closed: someone in
 * danger may look away, and a failure that vanishes after four seconds is a failure unseen.
 */
export function showPanicToast(kind: PanicToast, result?: SendResult, reason?: string): void {
  switch (kind) {
    case "auth-panic":
      toast.error("Authentication Required", {
        position,
        description: "You must be logged in to use the panic button.",
      });
      return;
    case "auth-trigger":
      toast.error("Authentication Required", {
        id: ALERT_ID,
        description: "You must be logged in to trigger an emergency message.",
        ...sticky,
      });
      return;
    case "nothing-to-send":
      toast.error("Error", { description: "Failed to trigger panic message", ...sticky });
      return;
    case "sending":
      toast.loading("EMERGENCY ALERT", { id: ALERT_ID, position, description: "Triggering your emergency message..." });
      return;
    case "triggered":
      toast.success("EMERGENCY ALERT TRIGGERED", { id: ALERT_ID, position, description: triggeredDescription(result) });
      return;
    case "location-missing":
      if (result?.location.included !== false) return;
      toast.warning("Sent without your location", {
        id: "emergency-location",
        description: `Your location could not go with it: ${locationFailureText(result.location.reason)}.`,
        ...sticky,
      });
      return;
    case "location-earlier": {
      if (result?.location.included !== true || !result.location.earlier) return;
      const { notNow } = result.location;
      const went = `The position taken ${takenBefore(result.location)} the alert went with it.`;
      toast.warning("Sent with an earlier position", {
        id: "emergency-location",
        description: notNow ? `No new position for this alert: ${locationFailureText(notNow)}. ${went}` : went,
        ...sticky,
      });
      return;
    }
    case "cancelled":
      toast.info("Emergency alert cancelled", {
        id: ALERT_ID,
        position,
        description: "Your emergency message has been cancelled.",
      });
      return;
    case "cancel-is-local":
      // Not a correction of the spec's toast but its scope: what cancel stopped, and what it cannot.
      toast.warning("Cancelled on this device only", {
        id: "emergency-cancel-local",
        description: "Your recipients were sent the message before you cancelled. If you are safe, tell them yourself.",
        ...sticky,
      });
      return;
    case "error":
      toast.error("Emergency Alert Error", {
        id: ALERT_ID,
        description: "There was an error sending your emergency message. Please try again or contact support.",
        ...sticky,
      });
      return;
    case "not-reached":
      toast.error("Error", {
        id: ALERT_ID,
        description: "Failed to trigger emergency message. Please try again.",
        ...sticky,
      });
      return;
    case "failure-reason":
      toast.error("Nobody was alerted", { id: "emergency-reason", description: reason, ...sticky });
      return;
  }
}

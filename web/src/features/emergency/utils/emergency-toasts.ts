import { DUPLICATE_PANIC_WINDOW_MS } from "@trigger-switch/contracts";
import { userLocale } from "@/lib/format-date-time";
import { browserTimeZone } from "@/lib/time-zone";
import { toast } from "@/lib/toast";
import { locationFailureText } from "./location-outcome";
import type { PanicToast, SendResult } from "./panic-machine";
import { takenBefore } from "./sent-location";

/** One toast from 'EMERGENCY ALERT' to its outcome: the outcome replaces the spinner. */
const ALERT_ID = "emergency-alert";

/**
 * Top centre like every other toast of the app: the toaster starts below the header
 * (app/provider.tsx), so the header's CLICK TO CANCEL button stays visible and pressable on a phone
 * (docs/decisions/025-what-the-owner-reads.md).
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
 * Where the position that went differs from what the spec's sentence claims, the reason, in the
 * same toast: one outcome, one toast (docs/decisions/028).
 */
function locationNotice(location: SendResult["location"]): string | null {
  if (!location.included) return `Your location could not go with it: ${locationFailureText(location.reason)}.`;
  if (!location.earlier) return null;
  const went = `The position taken ${takenBefore(location)} the alert went with it.`;
  return location.notNow ? `No new position for this alert: ${locationFailureText(location.notNow)}. ${went}` : went;
}

/** "at 14:00:04": when the alert went, on the device's clock (the one the person is looking at). */
function sentAtWords(sentAt: string | null): string | null {
  if (!sentAt || Number.isNaN(Date.parse(sentAt))) return null;
  const time = new Intl.DateTimeFormat(userLocale(), {
    hour: "numeric",
    minute: "2-digit",
    second: "2-digit",
    timeZone: browserTimeZone(),
  }).format(new Date(sentAt));
  return `at ${time}`;
}

/** What went with the alert a duplicate repeated, in a sentence; null when the answer does not say. */
function firstAlertLocation(location: SendResult["location"]): string | null {
  if (location.included)
    return location.place ? `It went with your location (${location.place}).` : "It went with your location.";
  return location.reason === "unknown" ? null : "It went without your location.";
}

/**
 * Spec §8's emergency toasts where they are true, and one toast for each outcome the spec has no
 * true words for (docs/decisions/009-emergency-web.md, 028): a press the server skipped as a repeat,
 * and a cancel after the alert went (the spec's 'Emergency alert cancelled — Your emergency message
 * has been cancelled.' is never true then). Each outcome replaces the one before (ALERT_ID).
 * Failures and caveats stay until closed: someone in danger may look away, and a failure that
 * vanishes after four seconds is a failure unseen.
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
    case "triggered": {
      const notice = result && locationNotice(result.location);
      const description = [triggeredDescription(result), notice].filter(Boolean).join(" ");
      if (notice) toast.warning("EMERGENCY ALERT TRIGGERED", { id: ALERT_ID, description, ...sticky });
      else toast.success("EMERGENCY ALERT TRIGGERED", { id: ALERT_ID, position, description });
      return;
    }
    case "already-sent": {
      const when = sentAtWords(result?.sentAt ?? null);
      const description = [
        when
          ? `You pressed again within ${DUPLICATE_PANIC_WINDOW_MS / 1000} seconds of the emergency message sent ${when}. It was not sent a second time.`
          : `You pressed again within ${DUPLICATE_PANIC_WINDOW_MS / 1000} seconds of an emergency message already sent. It was not sent a second time.`,
        result && firstAlertLocation(result.location),
      ]
        .filter(Boolean)
        .join(" ");
      toast.info("EMERGENCY ALERT ALREADY SENT", { id: ALERT_ID, description, ...sticky });
      return;
    }
    case "countdown-stopped": {
      // Client-only (spec §4): what cancel stopped, and what it cannot.
      const when = sentAtWords(result?.sentAt ?? null);
      toast.warning("Countdown stopped", {
        id: ALERT_ID,
        description: `Your emergency message was already sent${when ? ` ${when}` : ""} and cannot be called back. If you are safe, tell your recipients yourself.`,
        ...sticky,
      });
      return;
    }
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

import { describeError } from "@/lib/error-toast";
import { PushStepError, type PushBlocker } from "./push-browser";

/** Why notifications cannot be turned on in this browser, in words the owner can act on. */
export const blockerSentence: Record<PushBlocker, string> = {
  unsupported: "This browser cannot show notifications from websites, so they cannot be turned on here.",
  "ios-home-screen":
    "On iPhone and iPad (iOS 16.4 or later), notifications work once Trigger Switch is on your Home Screen: in Safari, tap Share, then Add to Home Screen, and open it from there.",
  "no-worker":
    "Notifications need this app's service worker, which is not running on this page yet. Reload the page and try again.",
  denied:
    "Notifications are blocked for this site in your browser's settings. Allow them there, then reload this page.",
};

/** What went wrong while turning notifications on; nothing stays half on (api/turn-on-push.ts). */
export function turnOnFailureSentence(error: unknown): string {
  if (error instanceof PushStepError) {
    if (error.step === "permission")
      return error.message === "denied"
        ? blockerSentence.denied
        : "You did not allow notifications, so they are still off.";
    if (error.step === "subscribe")
      return "Your browser could not reach its push service, so notifications could not be turned on. Check your connection and try again.";
    return "This device could not keep its check-in key, so notifications were not turned on. Reload the page and try again.";
  }
  return describeError(error).description;
}

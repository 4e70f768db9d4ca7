import { formatInstant, type PushCheckInAnswer } from "@trigger-switch/contracts";

/** The worker's notifications besides the server's own (whose title and body come in the push). */
export interface NotificationWords {
  title: string;
  body: string;
}

/** Why "I'm OK" did not check in, as the worker saw it. */
export type CheckInFailure = "no-credential" | "refused" | "rate-limited" | "offline" | "server-error";

/** After "I'm OK" worked: the next deadline as the app writes it (the owner's zone, the reader's clock). */
export function checkedInWords(
  answer: PushCheckInAnswer,
  now: Date,
  display: { timeZone: string; locale: string },
): NotificationWords {
  const next = answer.next_deadline === null ? null : formatInstant(new Date(answer.next_deadline), now, display);
  return {
    title: next ? `Checked in — next deadline ${next}` : "Checked in",
    body: next ? "Your check-in reached Trigger Switch." : "No check-in deadline is running now.",
  };
}

const failureReasons: Record<CheckInFailure, string> = {
  "no-credential": "Notifications were turned off on this device, so it cannot check in from here.",
  refused: "This device may no longer check in (its notifications were turned off in Security).",
  "rate-limited": "Too many check-ins from this device just now.",
  offline: "This device could not reach Trigger Switch.",
  "server-error": "Trigger Switch could not take the check-in just now.",
};

/** After "I'm OK" failed: the deadline still stands, so the person is sent to the app. */
export function checkInFailedWords(failure: CheckInFailure): NotificationWords {
  return { title: "Could not check in — tap to open", body: failureReasons[failure] };
}

/** The failure an answer's status stands for. */
export function failureOfStatus(status: number): CheckInFailure {
  if (status === 401 || status === 403 || status === 404) return "refused";
  if (status === 429) return "rate-limited";
  return "server-error";
}

import { PANIC_CONFIRM_WINDOW_MS } from "@trigger-switch/contracts";
import { createPortal } from "react-dom";
import { locationFailureText } from "../utils/location-outcome";
import type { PanicState, SendResult } from "../utils/panic-machine";
import { takenBefore } from "../utils/sent-location";

/**
 * A bar that says, in words, what the Emergency button is doing: what a second press does, that
 * the alert is on its way, whether the location went with it, and that cancel cannot call the
 * message back (docs/decisions/009-emergency-web.md). Announced to screen readers.
 *
 * It sits at the foot of the screen, not under the header: the toasts start just below the header
 * (app/provider.tsx), and the alert's toasts appear exactly while this bar has the most to say,
 * so under the header they covered it at every width. A portal to <body>, because the header is
 * sticky and, on public pages, blurred (a backdrop-filter would pin a fixed child to the header).
 */
export function EmergencyStatus({ state }: { state: PanicState }) {
  const lines = statusLines(state);
  if (lines.length === 0) return null;
  return createPortal(
    <div
      id="emergency-status"
      role="status"
      aria-live="assertive"
      className="fixed inset-x-0 bottom-0 z-40 border-t-2 border-destructive bg-card text-sm text-foreground shadow-[0_-4px_16px_rgb(0_0_0/0.12)]"
    >
      <div className="bg-destructive/10 px-4 pt-2 pb-[max(0.5rem,env(safe-area-inset-bottom))]">
        <div className="mx-auto max-w-6xl space-y-0.5">
          {lines.map((line) => (
            <p key={line.text} className={line.strong ? "font-semibold text-destructive" : undefined}>
              {line.text}
            </p>
          ))}
        </div>
      </div>
    </div>,
    document.body,
  );
}

interface Line {
  text: string;
  strong?: boolean;
}

function statusLines(state: PanicState): Line[] {
  switch (state.kind) {
    case "idle":
    case "selecting":
      return [];
    case "confirming":
      return [
        {
          text: `Press CONFIRM EMERGENCY within ${PANIC_CONFIRM_WINDOW_MS / 1000} seconds to send your emergency message now.`,
          strong: true,
        },
      ];
    case "sending":
      if (state.attempt > 1) return [{ text: "The first attempt to send failed. Trying again…", strong: true }];
      return [
        {
          text: state.location
            ? "Sending your emergency message…"
            : "Finding your location, then sending your emergency message…",
        },
      ];
    case "countdown":
      return sentLines(state.result);
  }
}

function sentLines({ location, recipients, duplicate }: SendResult): Line[] {
  const lines: Line[] = [];
  if (duplicate)
    lines.push({ text: "Your emergency message had already been sent moments ago; it was not sent twice." });
  else
    lines.push({
      text:
        recipients === null
          ? "Your emergency message has been sent."
          : `Your emergency message has been sent to ${recipients} ${recipients === 1 ? "recipient" : "recipients"}.`,
    });
  if (location.included && location.earlier) {
    const place = location.place ? ` (${location.place})` : "";
    if (location.notNow)
      lines.push({ text: `No new position for this alert: ${locationFailureText(location.notNow)}.`, strong: true });
    lines.push({ text: `Your location from ${takenBefore(location)} the alert${place} went with it.` });
  } else if (location.included)
    lines.push({
      text: location.place ? `Your location (${location.place}) went with it.` : "Your location went with it.",
    });
  // A repeat whose answer does not say what the first alert carried: nothing to claim either way.
  else if (location.reason !== "unknown")
    lines.push({ text: `Your location was not included: ${locationFailureText(location.reason)}.`, strong: true });
  lines.push({
    text: "Cancel only stops the countdown on this device. It cannot call back a message that has been sent.",
  });
  return lines;
}

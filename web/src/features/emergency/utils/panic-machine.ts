import { CANCEL_COUNTDOWN_S, PANIC_MAX_RETRIES, PANIC_RETRY_DELAY_MS } from "@trigger-switch/contracts";
import type { EmergencyRequest } from "../api/send-emergency";
import type { LocationOutcome } from "./location-outcome";
import type { PanicMessage } from "./panic-messages";
import { sentLocation, type SentLocation, type ServerLocation } from "./sent-location";

/**
 * The Emergency button (spec §4 Panic button) as a pure state machine: `step` takes the state and
 * what happened, and returns the next state and what the hook must do. No timers, no I/O, no React,
 * so every path is a unit test. The hook (`use-panic-button.ts`) owns the clocks and the calls.
 *
 * idle ─press→ confirming ─press within 3 s→ selecting (2+ messages) ─Trigger Emergency→ sending
 *                  │ 3 s                          │ Cancel → idle                        │
 *                  ↓                              └─ (1 message) ────────────────────→ sending
 *                idle                                                                    │ located → send #1
 *   send failed → retry once after 1.5 s × attempt → still failing → error toast, idle   │
 *   sent → countdown 3, 2, 1 → idle + /messages;  press during countdown → countdown stopped, idle
 *
 * One toast per outcome, each replacing the last: sending → triggered (or already-sent for a
 * press the server skipped as a repeat) → countdown-stopped. The alert has always gone when
 * the countdown runs, so no outcome ever says it was cancelled.
 */

export interface SendResult {
  /** What went with the alert, in the server's words (sent-location.ts). */
  location: SentLocation;
  /** How many people the alert is going to, when the server says. */
  recipients: number | null;
  /** The server skipped this press as a repeat of one it had just sent (spec §5). */
  duplicate: boolean;
  /**
   * When the alert went, on the server's clock (ISO 8601): this press's, or for a duplicate the
   * one it repeated. Null when the answer does not say.
   */
  sentAt: string | null;
  /** How many files went with the message, when known (null: unknown, so never claimed). */
  attachments: number | null;
}

export type PanicState =
  | { kind: "idle" }
  | { kind: "confirming" }
  | { kind: "selecting"; messages: PanicMessage[]; chosenId: string | null; press: PressStamp }
  | { kind: "sending"; request: EmergencyRequest; attempt: number; location: LocationOutcome | null }
  | { kind: "countdown"; remaining: number; result: SendResult };

/** The id and time of a press, made by the caller so `step` stays pure. */
export type PressStamp = Omit<EmergencyRequest, "messageId">;

export type PanicEvent =
  /** A click on the Emergency button, whatever it currently says. */
  | { type: "press"; signedIn: boolean; messages: PanicMessage[]; stamp: PressStamp }
  | { type: "confirm-expired" }
  | { type: "choose"; messageId: string }
  | { type: "dismiss-selector" }
  | { type: "trigger-chosen" }
  | { type: "located"; deduplicationId: string; location: LocationOutcome }
  | {
      type: "send-failed";
      deduplicationId: string;
      attempt: number;
      authRequired: boolean;
      /** The server's sentence for a refusal. */
      reason?: string | null;
      /** No answer at all (no connection): the alert never reached the server. */
      unreachable?: boolean;
    }
  | {
      type: "send-succeeded";
      deduplicationId: string;
      attempt: number;
      recipients: number | null;
      duplicate: boolean;
      /** The server's word on the position that went; null when its answer does not say. */
      location: ServerLocation | null;
      attachments: number | null;
    }
  | { type: "tick" };

export type PanicToast =
  | "auth-panic"
  | "auth-trigger"
  | "nothing-to-send"
  | "sending"
  | "triggered"
  | "already-sent"
  | "countdown-stopped"
  | "error"
  | "not-reached"
  | "failure-reason";

export type PanicEffect =
  | { type: "toast"; toast: PanicToast; result?: SendResult; reason?: string }
  /** Find the position and store it with the message, then report `located`. */
  | { type: "locate"; request: EmergencyRequest }
  /** POST the alert after `delayMs`, then report `send-succeeded` or `send-failed`. */
  | { type: "send"; request: EmergencyRequest; attempt: number; delayMs: number }
  /** Conditions may have changed on the server (keep_armed false switches the condition off). */
  | { type: "conditions-changed" }
  | { type: "go-to-messages" };

export interface Step {
  state: PanicState;
  effects: PanicEffect[];
}

export const IDLE: PanicState = { kind: "idle" };

const stay = (state: PanicState): Step => ({ state, effects: [] });

function startSending(messageId: string, stamp: PressStamp): Step {
  const request = { messageId, ...stamp };
  return {
    state: { kind: "sending", request, attempt: 1, location: null },
    effects: [
      { type: "toast", toast: "sending" },
      { type: "locate", request },
    ],
  };
}

export function step(state: PanicState, event: PanicEvent): Step {
  switch (event.type) {
    case "press":
      return press(state, event);
    case "confirm-expired":
      return state.kind === "confirming" ? stay(IDLE) : stay(state);
    case "choose":
      return state.kind === "selecting" && state.messages.some((m) => m.id === event.messageId)
        ? stay({ ...state, chosenId: event.messageId })
        : stay(state);
    case "dismiss-selector":
      return state.kind === "selecting" ? stay(IDLE) : stay(state);
    case "trigger-chosen":
      // Spec §5: Trigger Emergency needs a selection.
      return state.kind === "selecting" && state.chosenId ? startSending(state.chosenId, state.press) : stay(state);
    case "located":
      if (state.kind !== "sending" || state.location || state.request.deduplicationId !== event.deduplicationId)
        return stay(state);
      return {
        state: { ...state, location: event.location },
        effects: [{ type: "send", request: state.request, attempt: 1, delayMs: 0 }],
      };
    case "send-failed":
      return sendFailed(state, event);
    case "send-succeeded":
      return sendSucceeded(state, event);
    case "tick":
      if (state.kind !== "countdown") return stay(state);
      if (state.remaining > 1) return stay({ ...state, remaining: state.remaining - 1 });
      return { state: IDLE, effects: [{ type: "go-to-messages" }] };
  }
}

function press(state: PanicState, event: Extract<PanicEvent, { type: "press" }>): Step {
  switch (state.kind) {
    case "idle":
      // Spec §5: the panic button requires sign-in (a session can end while the button shows).
      if (!event.signedIn) return { state: IDLE, effects: [{ type: "toast", toast: "auth-panic" }] };
      return stay({ kind: "confirming" });
    case "confirming": {
      if (!event.signedIn) return { state: IDLE, effects: [{ type: "toast", toast: "auth-panic" }] };
      const [only, ...others] = event.messages;
      if (!only)
        return { state: IDLE, effects: [{ type: "toast", toast: "nothing-to-send" }, { type: "conditions-changed" }] };
      if (others.length > 0)
        return stay({ kind: "selecting", messages: event.messages, chosenId: null, press: event.stamp });
      return startSending(only.id, event.stamp);
    }
    case "countdown":
      // Client-only (spec §4): the alert has gone; cancel stops the countdown and says only that.
      return { state: IDLE, effects: [{ type: "toast", toast: "countdown-stopped", result: state.result }] };
    case "selecting":
    case "sending":
      // Impossible to press twice by mistake: a press while sending or choosing does nothing.
      return stay(state);
  }
}

function sendFailed(state: PanicState, event: Extract<PanicEvent, { type: "send-failed" }>): Step {
  if (
    state.kind !== "sending" ||
    state.request.deduplicationId !== event.deduplicationId ||
    state.attempt !== event.attempt
  )
    return stay(state);
  if (event.authRequired) return { state: IDLE, effects: [{ type: "toast", toast: "auth-trigger" }] };
  if (event.attempt <= PANIC_MAX_RETRIES) {
    // Spec §9: retry after 1.5 s × the attempt number, with the same deduplicationId, so an
    // attempt that did reach the server is answered as a duplicate instead of sent twice.
    const attempt = event.attempt + 1;
    return {
      state: { ...state, attempt },
      effects: [{ type: "send", request: state.request, attempt, delayMs: PANIC_RETRY_DELAY_MS * event.attempt }],
    };
  }
  // The header may be out of date (e.g. 'No active panic message found'): reload it. The spec's
  // error toast is generic; the server's reason ("nobody has an e-mail address") follows it.
  // Spec §8 has two failure toasts: 'Failed to trigger emergency message. Please try again.' when
  // the alert never got out of this device, 'Emergency Alert Error' when the server failed it.
  const effects: PanicEffect[] = [{ type: "toast", toast: event.unreachable ? "not-reached" : "error" }];
  if (event.reason) effects.push({ type: "toast", toast: "failure-reason", reason: event.reason });
  effects.push({ type: "conditions-changed" });
  return { state: IDLE, effects };
}

function sendSucceeded(state: PanicState, event: Extract<PanicEvent, { type: "send-succeeded" }>): Step {
  if (
    state.kind !== "sending" ||
    state.request.deduplicationId !== event.deduplicationId ||
    state.attempt !== event.attempt
  )
    return stay(state);
  // The server has the last word, both ways: it may not have sent a position the browser stored,
  // and it may have sent one from a press moments before when this browser found none.
  // A duplicate's answer describes the alert it repeats, not this press.
  const location = sentLocation(
    state.location ?? { included: false, reason: "unavailable" },
    event.location,
    event.duplicate,
  );
  const result: SendResult = {
    location,
    recipients: event.recipients,
    duplicate: event.duplicate,
    sentAt: event.location?.triggeredAt ?? null,
    attachments: event.attachments,
  };
  const toast = event.duplicate ? "already-sent" : "triggered";
  return {
    state: { kind: "countdown", remaining: CANCEL_COUNTDOWN_S, result },
    effects: [{ type: "toast", toast, result }, { type: "conditions-changed" }],
  };
}

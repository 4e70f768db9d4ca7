import type { OwnerChannels, PhoneChannel } from "@trigger-switch/contracts";

/**
 * Number verification as a pure state machine (like the Emergency button's panic-machine.ts):
 * `step(state, event)` returns the next state and what the component must do. Answers carry the
 * request id they belong to, so a late answer to an earlier request is dropped.
 *
 *   idle ─send→ requesting ─sent→ entering ─submit→ checking ─verified→ verified
 *                  │ failed → back, with the reason      │ wrong / expired → entering, with the reason
 *   entering ─send (a new code)→ requesting;  a dead code (expired, too many tries) → idle
 */
export type VerificationState =
  | { kind: "idle"; error: string | null }
  | { kind: "requesting"; channel: PhoneChannel; requestId: number; from: "idle" | "entering" }
  | { kind: "entering"; channel: PhoneChannel; error: string | null }
  | { kind: "checking"; channel: PhoneChannel; requestId: number }
  | { kind: "verified" };

export type VerificationEvent =
  | { type: "send"; channel: PhoneChannel; requestId: number }
  | { type: "sent"; requestId: number }
  | { type: "send-failed"; requestId: number; message: string }
  | { type: "submit"; code: string; requestId: number }
  | { type: "verified"; requestId: number }
  | { type: "check-failed"; requestId: number; message: string; codeDead: boolean }
  | { type: "start-over" };

export type VerificationEffect =
  { type: "send-code"; channel: PhoneChannel } | { type: "check-code"; code: string } | { type: "announce-verified" };

export interface Step {
  state: VerificationState;
  effects: VerificationEffect[];
}

/** Where the flow stands when the page opens, from what the server says. */
export function initialState(server: Pick<OwnerChannels, "verified" | "pending"> | undefined): VerificationState {
  if (server?.verified) return { kind: "verified" };
  if (server?.pending) return { kind: "entering", channel: server.pending.channel, error: null };
  return { kind: "idle", error: null };
}

/** Spaces and dashes are allowed in what is typed; six digits must remain. */
export const cleanCode = (typed: string) => typed.replace(/[\s-]/g, "");

export function step(state: VerificationState, event: VerificationEvent): Step {
  const stay: Step = { state, effects: [] };
  switch (event.type) {
    case "send":
      if (state.kind !== "idle" && state.kind !== "entering" && state.kind !== "verified") return stay;
      return {
        state: {
          kind: "requesting",
          channel: event.channel,
          requestId: event.requestId,
          from: state.kind === "entering" ? "entering" : "idle",
        },
        effects: [{ type: "send-code", channel: event.channel }],
      };
    case "sent":
      if (state.kind !== "requesting" || state.requestId !== event.requestId) return stay;
      return { state: { kind: "entering", channel: state.channel, error: null }, effects: [] };
    case "send-failed":
      if (state.kind !== "requesting" || state.requestId !== event.requestId) return stay;
      return {
        state:
          state.from === "entering"
            ? { kind: "entering", channel: state.channel, error: event.message }
            : { kind: "idle", error: event.message },
        effects: [],
      };
    case "submit": {
      if (state.kind !== "entering") return stay;
      const code = cleanCode(event.code);
      if (!/^\d{6}$/.test(code)) return { state: { ...state, error: "Enter the 6 digits of the code." }, effects: [] };
      return {
        state: { kind: "checking", channel: state.channel, requestId: event.requestId },
        effects: [{ type: "check-code", code }],
      };
    }
    case "verified":
      if (state.kind !== "checking" || state.requestId !== event.requestId) return stay;
      return { state: { kind: "verified" }, effects: [{ type: "announce-verified" }] };
    case "check-failed":
      if (state.kind !== "checking" || state.requestId !== event.requestId) return stay;
      return {
        state: event.codeDead
          ? { kind: "idle", error: event.message }
          : { kind: "entering", channel: state.channel, error: event.message },
        effects: [],
      };
    case "start-over":
      return { state: { kind: "idle", error: null }, effects: [] };
  }
}

/**
 * Adding an authenticator app, as a pure state machine (like panic-machine.ts): `step` returns
 * the next state and what the component must do; answers to an earlier request are dropped by id.
 *
 * idle ─start(name)→ starting ─enrolled→ scanning (QR code, secret) ─submit(6 digits)→ confirming ─verified→ done
 *                        │ failed → idle + reason          ↑  │ cancel → idle + forget the half-made factor
 *                                                          └──┴─ wrong code → scanning + reason
 */

export interface Enrolment {
  factorId: string;
  /** data:image/svg+xml URI of the QR code (auth-js makes it from the server's SVG). */
  qrCode: string;
  secret: string;
  uri: string;
}

export type EnrolState =
  | { kind: "idle"; error: string | null }
  | { kind: "starting"; name: string; requestId: number }
  | { kind: "scanning"; name: string; enrolment: Enrolment; error: string | null }
  | { kind: "confirming"; name: string; enrolment: Enrolment; requestId: number }
  | { kind: "done"; name: string };

export type EnrolEvent =
  | { type: "start"; name: string; requestId: number }
  | { type: "enrolled"; requestId: number; enrolment: Enrolment }
  | { type: "enrol-failed"; requestId: number; message: string }
  | { type: "submit"; code: string; requestId: number }
  | { type: "verified"; requestId: number }
  | { type: "verify-failed"; requestId: number; message: string }
  | { type: "cancel" }
  | { type: "close" };

export type EnrolEffect =
  | { type: "enrol"; name: string; requestId: number }
  | { type: "verify"; factorId: string; code: string; requestId: number }
  /** Removes a factor whose enrolment was abandoned, so its name is free again. */
  | { type: "forget"; factorId: string }
  | { type: "enrolled-toast"; name: string };

export interface Step {
  state: EnrolState;
  effects: EnrolEffect[];
}

export const IDLE: EnrolState = { kind: "idle", error: null };

export function step(state: EnrolState, event: EnrolEvent): Step {
  const stay: Step = { state, effects: [] };
  switch (event.type) {
    case "start": {
      if (state.kind !== "idle" && state.kind !== "done") return stay;
      const name = event.name.trim();
      if (name === "")
        return { state: { kind: "idle", error: "Give the authenticator a name, e.g. “Phone”." }, effects: [] };
      if (name.length > 100)
        return { state: { kind: "idle", error: "Use at most 100 characters for the name." }, effects: [] };
      return {
        state: { kind: "starting", name, requestId: event.requestId },
        effects: [{ type: "enrol", name, requestId: event.requestId }],
      };
    }
    case "enrolled":
      if (state.kind !== "starting" || state.requestId !== event.requestId) {
        // An answer nobody waits for any more: do not leave its factor behind.
        return { state, effects: [{ type: "forget", factorId: event.enrolment.factorId }] };
      }
      return { state: { kind: "scanning", name: state.name, enrolment: event.enrolment, error: null }, effects: [] };
    case "enrol-failed":
      return state.kind === "starting" && state.requestId === event.requestId
        ? { state: { kind: "idle", error: event.message }, effects: [] }
        : stay;
    case "submit": {
      if (state.kind !== "scanning") return stay;
      const code = event.code.replace(/[\s-]/g, "");
      if (!/^\d{6}$/.test(code))
        return { state: { ...state, error: "Enter the 6 digits the app shows for Trigger Switch." }, effects: [] };
      return {
        state: { kind: "confirming", name: state.name, enrolment: state.enrolment, requestId: event.requestId },
        effects: [{ type: "verify", factorId: state.enrolment.factorId, code, requestId: event.requestId }],
      };
    }
    case "verified":
      if (state.kind !== "confirming" || state.requestId !== event.requestId) return stay;
      return { state: { kind: "done", name: state.name }, effects: [{ type: "enrolled-toast", name: state.name }] };
    case "verify-failed":
      if (state.kind !== "confirming" || state.requestId !== event.requestId) return stay;
      return {
        state: { kind: "scanning", name: state.name, enrolment: state.enrolment, error: event.message },
        effects: [],
      };
    case "cancel":
      if (state.kind === "scanning" || state.kind === "confirming")
        return { state: IDLE, effects: [{ type: "forget", factorId: state.enrolment.factorId }] };
      if (state.kind === "starting") return { state: IDLE, effects: [] };
      return stay;
    case "close":
      return state.kind === "done" ? { state: IDLE, effects: [] } : stay;
  }
}

/**
 * The sign-in's second step (an account with an authenticator app) as a pure state machine,
 * like the Emergency button's: `step(state, event)` returns the next state and what the
 * component must do. Answers to an earlier try are dropped by request id.
 *
 * entering ─submit (6 digits)→ checking ─verified→ done (the provider sees aal2 and the page moves on)
 *    ↑  └─submit (not 6 digits)→ entering + "Enter the 6 digits…"       │
 *    └──────────── wrong code / wait / expired / network: entering + the reason
 */

export interface FactorChoice {
  id: string;
  name: string;
}

export type SecondFactorState =
  | { kind: "entering"; factorId: string; error: string | null }
  | { kind: "checking"; factorId: string; requestId: number }
  | { kind: "done" };

export type SecondFactorEvent =
  | { type: "choose-factor"; factorId: string }
  | { type: "submit"; code: string; requestId: number }
  | { type: "verified"; requestId: number }
  | { type: "failed"; requestId: number; message: string };

export type SecondFactorEffect = { type: "verify"; factorId: string; code: string; requestId: number };

export interface Step {
  state: SecondFactorState;
  effects: SecondFactorEffect[];
}

export const CODE_PATTERN = /^\d{6}$/;

export function initialState(factors: FactorChoice[]): SecondFactorState {
  return { kind: "entering", factorId: factors[0]?.id ?? "", error: null };
}

/** Spaces and dashes people type or paste ("123 456") do not count. */
export function normalizeCode(code: string): string {
  return code.replace(/[\s-]/g, "");
}

export function step(state: SecondFactorState, event: SecondFactorEvent): Step {
  const stay: Step = { state, effects: [] };
  switch (event.type) {
    case "choose-factor":
      return state.kind === "entering"
        ? { state: { kind: "entering", factorId: event.factorId, error: null }, effects: [] }
        : stay;
    case "submit": {
      if (state.kind !== "entering") return stay;
      const code = normalizeCode(event.code);
      if (!CODE_PATTERN.test(code))
        return { state: { ...state, error: "Enter the 6 digits your authenticator app shows." }, effects: [] };
      return {
        state: { kind: "checking", factorId: state.factorId, requestId: event.requestId },
        effects: [{ type: "verify", factorId: state.factorId, code, requestId: event.requestId }],
      };
    }
    case "verified":
      return state.kind === "checking" && state.requestId === event.requestId
        ? { state: { kind: "done" }, effects: [] }
        : stay;
    case "failed":
      return state.kind === "checking" && state.requestId === event.requestId
        ? { state: { kind: "entering", factorId: state.factorId, error: event.message }, effects: [] }
        : stay;
  }
}

/** The server's answer in words for the person at the code field. */
export function describeVerifyError(error: { code?: string; status?: number; message: string } | null): string {
  if (!error) return "The code could not be checked. Please try again.";
  // A right code used a second time (or an older one after it): the clock is fine, the code is spent.
  if (error.code === "mfa_code_already_used")
    return "That code, or a newer one, was already used. Wait for your authenticator app to show a new code (every 30 seconds) and enter that.";
  if (error.code === "mfa_verification_failed")
    return "That code is not right. Check that your phone's clock is correct and enter the code shown now.";
  if (error.code === "over_request_rate_limit" || error.status === 429) return error.message;
  if (error.code === "mfa_challenge_expired") return "That took too long. Enter the code shown now.";
  if (error.status === 0 || error.message.toLowerCase().includes("fetch"))
    return "Could not reach the server. Check your connection and try again.";
  return error.message;
}

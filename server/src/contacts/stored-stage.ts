import { ARMED, type ConfirmationState } from "./confirmation-stage.ts";

/** The machine's state as confirmation_stages.state holds it: the same fields, instants as ISO strings. */
export type StoredConfirmationState = {
  [K in keyof ConfirmationState]: ConfirmationState[K] extends Date ? string : ConfirmationState[K];
} & Record<string, unknown>;

const INSTANTS = ["deadline", "endsAt", "newDeadline", "closedAt"] as const;

export function toStoredState(state: ConfirmationState): StoredConfirmationState {
  const stored: Record<string, unknown> = { ...state };
  for (const key of INSTANTS) if (stored[key] instanceof Date) stored[key] = (stored[key] as Date).toISOString();
  return stored as StoredConfirmationState;
}

/** A condition with no stored stage has never reached a deadline with confirmation on: armed. */
export function fromStoredState(stored: StoredConfirmationState | null | undefined): ConfirmationState {
  if (!stored) return ARMED;
  const state: Record<string, unknown> = { ...stored };
  for (const key of INSTANTS) if (typeof state[key] === "string") state[key] = new Date(state[key] as string);
  return state as unknown as ConfirmationState;
}

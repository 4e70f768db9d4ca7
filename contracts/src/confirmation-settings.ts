/**
 * Confirm before release (docs/decisions/041): a condition's settings, their defaults and bounds,
 * and their validation in the form's words (decision 034). The stage itself is the server's
 * (server/src/contacts/confirmation-stage.ts).
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export interface ConfirmationSettings {
  /** How long the contacts have to answer once the deadline is reached. Default 48 h. */
  windowMs: number;
  /** How far one hold moves the deadline. Default 7 d. */
  holdMs: number;
  /** Holds allowed since the last check-in; then the next deadline releases without asking. Default 3. */
  maxHoldsInARow: number;
  /** "Release" answers that release at once, capped at the number of contacts asked. Default 1. */
  releaseAnswersNeeded: number;
}

export const DEFAULT_CONFIRMATION_SETTINGS: Readonly<ConfirmationSettings> = {
  windowMs: 48 * HOUR,
  holdMs: 7 * DAY,
  maxHoldsInARow: 3,
  releaseAnswersNeeded: 1,
};

/** Inclusive bounds; releaseAnswersNeeded goes up to the number of contacts on the condition. */
export const CONFIRMATION_LIMITS = {
  windowMs: { min: 6 * HOUR, max: 14 * DAY },
  holdMs: { min: DAY, max: 30 * DAY },
  maxHoldsInARow: { min: 1, max: 10 },
  releaseAnswersNeeded: { min: 1 },
} as const;

/** A setting out of bounds, in the form's words (decision 034), with the field it belongs to. */
export interface ConfirmationProblem {
  field: keyof ConfirmationSettings;
  message: string;
}

export function validateConfirmationSettings(s: ConfirmationSettings, contactCount: number): ConfirmationProblem[] {
  const { windowMs: w, holdMs: h, maxHoldsInARow: m } = CONFIRMATION_LIMITS;
  // Contacts may leave at any time, so 1 stays valid with none: the stage then releases at once.
  const most = Math.max(1, contactCount);
  const checks: [keyof ConfirmationSettings, boolean, string][] = [
    [
      "windowMs",
      within(s.windowMs, w.min, w.max),
      `Choose a confirmation window from ${span(w.min)} to ${span(w.max)}.`,
    ],
    ["holdMs", within(s.holdMs, h.min, h.max), `Choose a hold period from ${span(h.min)} to ${span(h.max)}.`],
    [
      "maxHoldsInARow",
      Number.isInteger(s.maxHoldsInARow) && within(s.maxHoldsInARow, m.min, m.max),
      `Choose a whole number of holds in a row from ${m.min} to ${m.max}.`,
    ],
    [
      "releaseAnswersNeeded",
      Number.isInteger(s.releaseAnswersNeeded) && within(s.releaseAnswersNeeded, 1, most),
      most === 1
        ? `Set release answers needed to 1: this condition has ${contactCount === 1 ? "one trusted contact" : "no trusted contacts"}.`
        : `Choose a whole number of release answers needed from 1 to ${most}, the number of trusted contacts on this condition.`,
    ],
  ];
  return checks.filter(([, ok]) => !ok).map(([field, , message]) => ({ field, message }));
}

const within = (value: number, min: number, max: number) => value >= min && value <= max;
const span = (ms: number) => (ms % DAY === 0 ? plural(ms / DAY, "day") : plural(ms / HOUR, "hour"));
const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;

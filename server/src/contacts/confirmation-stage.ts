/**
 * Confirm before release (docs/decisions/041-trusted-contacts.md) as a pure state machine:
 * `stepConfirmation` takes a condition's stage, what happened, its settings and the time, and
 * returns the next stage, what the engine must do (plain data, carried out under the condition's
 * row lock) and, for an answer, what the contact is told. No database, no clock.
 *
 *   armed ─deadline─▶ confirming ─one "hold"─▶ held ─next deadline─▶ confirming …
 *     │ holds at the maximum,     │ k "release" answers, window ended ─▶ released
 *     │ or no contacts            │ check-in ─▶ closed_by_check_in
 *     └────────────────────────────────────────────────────────────────▶ released
 *
 * A closed stage keeps the question it closed, so a late answer is told how it closed, and the
 * moment it closed, so the owner can be told when. A check-in resets holdsInARow in every state.
 * Choices 041 leaves open are commented where they apply.
 */

import type { ConfirmationSettings } from "@trigger-switch/contracts";

export type Answer = "hold" | "release";
export type ReleaseReason = "release_answers" | "window_ended" | "holds_exhausted" | "no_contacts";

/** The question put to the contacts about one reached deadline. */
interface Question {
  /** The (shifted) rule deadline that was reached. */
  deadline: Date;
  /** The contacts asked, fixed when the stage opens. */
  asked: readonly string[];
  /** Asked contacts since removed or gone: their answers no longer count or change anything. */
  removed: readonly string[];
  /** Each contact's first answer; a later one never replaces it. */
  answers: Readonly<Record<string, Answer>>;
}

/**
 * holdsInARow: holds since the last check-in. closedAt: when the stage moved into its closed state,
 * set only by that transition (a check-in that merely resets the holds keeps it); absent from
 * stages stored before it was kept.
 */
export type ConfirmationState =
  | { kind: "armed"; holdsInARow: number }
  | (Question & { kind: "confirming"; endsAt: Date; holdsInARow: number })
  | (Question & { kind: "held"; heldBy: string; newDeadline: Date; holdsInARow: number; closedAt?: Date })
  | (Question & { kind: "released"; reason: ReleaseReason; holdsInARow: number; closedAt?: Date })
  | (Question & { kind: "closed_by_check_in"; holdsInARow: number; closedAt?: Date });

type Confirming = Extract<ConfirmationState, { kind: "confirming" }>;

export type ConfirmationEvent =
  | { type: "deadline_reached"; deadline: Date; activeContactIds: readonly string[] }
  | { type: "answer"; contactId: string; answer: Answer }
  | { type: "window_ended" }
  | { type: "check_in" }
  | { type: "contact_removed"; contactId: string };

/** How a question closed, as a contact may hear it: never who held it (041: contacts see only the question). */
export type Closure = { kind: "held" } | { kind: "released"; reason: ReleaseReason } | { kind: "closed_by_check_in" };

export type ConfirmationEffect =
  /** Ask each contact (their reminder waits for halfway: remind-unanswered.ts), open until endsAt. */
  | { type: "ask_contacts"; contactIds: string[]; endsAt: Date }
  /** The owner's last alert on every channel: the messages go out at endsAt unless they check in. */
  | { type: "alert_owner_last"; endsAt: Date }
  | { type: "release"; reason: ReleaseReason }
  /** Move the deadline to newDeadline and tell the owner who held it (and, when so, that the next one will not ask). */
  | { type: "hold"; heldBy: string; newDeadline: Date; nextReleasesWithoutAsking: boolean }
  | { type: "tell_contacts_closed"; contactIds: string[]; closure: Closure }
  /** Drop a removed contact's pending question and reminder. */
  | { type: "withdraw_question"; contactId: string };

export type AnswerReply =
  | { kind: "recorded"; answer: Answer; closure?: Closure }
  | { kind: "already_recorded"; answer: Answer; closure?: Closure }
  | { kind: "conflicting"; kept: Answer }
  | { kind: "closed"; closure: Closure }
  | { kind: "not_asked" }
  | { kind: "removed" };

export interface ConfirmationStep {
  state: ConfirmationState;
  effects: ConfirmationEffect[];
  /** What the answering contact is told; set for answers only. */
  reply?: AnswerReply;
}

export const ARMED: ConfirmationState = { kind: "armed", holdsInARow: 0 };

export function stepConfirmation(
  state: ConfirmationState,
  event: ConfirmationEvent,
  settings: ConfirmationSettings,
  now: Date,
): ConfirmationStep {
  switch (event.type) {
    case "deadline_reached":
      return deadlineReached(state, event.deadline, event.activeContactIds, settings, now);
    case "answer":
      return answered(state, event.contactId, event.answer, settings, now);
    case "window_ended":
      // An early or stale row must not cut the contacts' time short.
      return state.kind === "confirming" && now.getTime() >= state.endsAt.getTime()
        ? releaseOpenStage(state, "window_ended", now)
        : stay(state);
    case "check_in":
      if (state.kind !== "confirming") return stay({ ...state, holdsInARow: 0 });
      return closeStage(state, { ...question(state), kind: "closed_by_check_in", holdsInARow: 0, closedAt: now }, []);
    case "contact_removed": {
      const id = event.contactId;
      if (state.kind === "armed" || !state.asked.includes(id) || state.removed.includes(id)) return stay(state);
      const next = { ...state, removed: [...state.removed, id] };
      return {
        state: next,
        effects: state.kind === "confirming" ? [{ type: "withdraw_question", contactId: id }] : [],
      };
    }
  }
}

function deadlineReached(
  state: ConfirmationState,
  deadline: Date,
  contactIds: readonly string[],
  settings: ConfirmationSettings,
  now: Date,
): ConfirmationStep {
  // Only a check-in, the answers or the window close an open stage; a second deadline cannot open another.
  if (state.kind === "confirming") return stay(state);
  // Deadlines only move forward: one at or before the last question's is a repeated or stale row.
  if (state.kind !== "armed" && deadline.getTime() <= state.deadline.getTime()) return stay(state);
  // A release ends the run of holds: a released condition fires again only once the owner re-arms
  // it, which restarts its clock as a check-in does.
  const holdsInARow = state.kind === "released" ? 0 : state.holdsInARow;
  const fresh = { deadline, asked: [], removed: [], answers: {}, holdsInARow };
  // The owner was told with the last hold that this deadline would not ask.
  if (holdsInARow >= settings.maxHoldsInARow) return released(fresh, "holds_exhausted", now);
  const asked = [...new Set(contactIds)];
  if (asked.length === 0) return released(fresh, "no_contacts", now);
  const endsAt = new Date(now.getTime() + settings.windowMs);
  return {
    state: { ...fresh, kind: "confirming", asked, endsAt },
    effects: [
      { type: "ask_contacts", contactIds: asked, endsAt },
      { type: "alert_owner_last", endsAt },
    ],
  };
}

function answered(
  state: ConfirmationState,
  contactId: string,
  answer: Answer,
  settings: ConfirmationSettings,
  now: Date,
): ConfirmationStep {
  // The window is the bound the owner was promised: from endsAt on, the stage has ended whether or
  // not the engine has claimed its row yet, so a late hold cannot stretch it. The late contact
  // hears how it closed in the reply.
  if (state.kind === "confirming" && now.getTime() >= state.endsAt.getTime()) {
    const ended = releaseOpenStage(state, "window_ended", now, contactId);
    return { ...ended, reply: refusal(ended.state, contactId, answer) ?? NOT_ASKED };
  }
  const refused = refusal(state, contactId, answer);
  // refusal answers for every state but an open one, so the fallback is never used.
  if (refused || state.kind !== "confirming") return { ...stay(state), reply: refused ?? NOT_ASKED };
  const recorded = { ...state, answers: { ...state.answers, [contactId]: answer } };
  if (answer === "hold") {
    const holdsInARow = state.holdsInARow + 1;
    // From the moment of the hold, not from the deadline reached: a contact who vouches on day 3 of a
    // long window gives the owner the whole hold period, and never a deadline already past.
    const newDeadline = new Date(now.getTime() + settings.holdMs);
    const held = {
      ...question(recorded),
      kind: "held" as const,
      heldBy: contactId,
      newDeadline,
      holdsInARow,
      closedAt: now,
    };
    const nextReleasesWithoutAsking = holdsInARow >= settings.maxHoldsInARow;
    const hold = { type: "hold" as const, heldBy: contactId, newDeadline, nextReleasesWithoutAsking };
    return {
      ...closeStage(recorded, held, [hold], contactId),
      reply: { kind: "recorded", answer, closure: { kind: "held" } },
    };
  }
  // A removed contact's answer stops counting (the owner withdrew their trust), but k stays fixed by
  // who was asked: a removal by the owner is not evidence the owner is gone, so it never brings a
  // release forward, and when too few remain to reach k the window decides.
  const releases = recorded.asked.filter((id) => !recorded.removed.includes(id) && recorded.answers[id] === "release");
  if (releases.length < Math.min(settings.releaseAnswersNeeded, recorded.asked.length))
    return { state: recorded, effects: [], reply: { kind: "recorded", answer } };
  const closure: Closure = { kind: "released", reason: "release_answers" };
  return {
    ...releaseOpenStage(recorded, "release_answers", now, contactId),
    reply: { kind: "recorded", answer, closure },
  };
}

/** Why an answer changes nothing, or null when it counts (only possible while confirming). */
function refusal(state: ConfirmationState, contactId: string, answer: Answer): AnswerReply | null {
  if (state.kind === "armed") return { kind: "not_asked" };
  if (state.removed.includes(contactId)) return { kind: "removed" };
  if (!state.asked.includes(contactId)) return { kind: "not_asked" };
  const kept = state.answers[contactId];
  const closure = closureOf(state);
  // A repeat (a second tap, a retried request) is acknowledged even once the stage has closed.
  if (kept === answer)
    return closure ? { kind: "already_recorded", answer, closure } : { kind: "already_recorded", answer };
  if (closure) return { kind: "closed", closure };
  return kept ? { kind: "conflicting", kept } : null;
}

function closureOf(state: ConfirmationState): Closure | null {
  if (state.kind === "held" || state.kind === "closed_by_check_in") return { kind: state.kind };
  if (state.kind === "released") return { kind: "released", reason: state.reason };
  return null;
}

const NOT_ASKED: AnswerReply = { kind: "not_asked" };
const stay = (state: ConfirmationState): ConfirmationStep => ({ state, effects: [] });

const question = ({ deadline, asked, removed, answers }: Question): Question => ({ deadline, asked, removed, answers });

/** Releases now: the moment the owner is told the message was sent. */
function released(state: Question & { holdsInARow: number }, reason: ReleaseReason, now: Date): ConfirmationStep {
  return { state: { ...state, kind: "released", reason, closedAt: now }, effects: [{ type: "release", reason }] };
}

/** Releases an open stage and tells the contacts asked, except the one whose answer did it. */
function releaseOpenStage(state: Confirming, reason: ReleaseReason, now: Date, answeredBy?: string): ConfirmationStep {
  const { state: next, effects } = released({ ...question(state), holdsInARow: state.holdsInARow }, reason, now);
  return closeStage(state, next, effects, answeredBy);
}

/** Tells every contact still asked how the stage closed; the one who closed it hears it in the reply. */
function closeStage(
  state: Confirming,
  next: ConfirmationState,
  effects: ConfirmationEffect[],
  answeredBy?: string,
): ConfirmationStep {
  const contactIds = state.asked.filter((id) => id !== answeredBy && !state.removed.includes(id));
  const closure = closureOf(next);
  if (!closure || contactIds.length === 0) return { state: next, effects };
  return { state: next, effects: [...effects, { type: "tell_contacts_closed", contactIds, closure }] };
}

// The confirmation stage of docs/decisions/041-trusted-contacts.md, every transition of the pure
// machine: no database, the time passed in.
import { describe, expect, it } from "vitest";
import {
  CONFIRMATION_LIMITS,
  DEFAULT_CONFIRMATION_SETTINGS,
  validateConfirmationSettings,
  type ConfirmationSettings,
} from "@trigger-switch/contracts";
import { fromStoredState, toStoredState } from "../../src/contacts/stored-stage.ts";
import {
  ARMED,
  stepConfirmation,
  type ConfirmationEffect,
  type ConfirmationEvent,
  type ConfirmationState,
} from "../../src/contacts/confirmation-stage.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const T0 = new Date("2030-03-01T09:00:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);
const S = DEFAULT_CONFIRMATION_SETTINGS;
const settingsWith = (changes: Partial<ConfirmationSettings>): ConfirmationSettings => ({ ...S, ...changes });

/** Deep-frozen, so a step that mutated its input would throw. */
function frozen<T>(value: T): T {
  if (value && typeof value === "object" && !(value instanceof Date)) {
    Object.values(value).forEach(frozen);
    Object.freeze(value);
  }
  return value;
}

const step = (state: ConfirmationState, event: ConfirmationEvent, settings = S, now = T0) =>
  stepConfirmation(frozen(state), event, settings, now);

const reached = (deadline: Date, activeContactIds: string[] = ["a", "b", "c"]): ConfirmationEvent => ({
  type: "deadline_reached",
  deadline,
  activeContactIds,
});
const hold = (contactId: string): ConfirmationEvent => ({ type: "answer", contactId, answer: "hold" });
const release = (contactId: string): ConfirmationEvent => ({ type: "answer", contactId, answer: "release" });
const removed = (contactId: string): ConfirmationEvent => ({ type: "contact_removed", contactId });
const CHECK_IN: ConfirmationEvent = { type: "check_in" };
const WINDOW_ENDED: ConfirmationEvent = { type: "window_ended" };

/** A stage opened at T0 for a deadline reached at T0, asking a, b and c. */
const confirming = (changes: Partial<Extract<ConfirmationState, { kind: "confirming" }>> = {}): ConfirmationState => ({
  kind: "confirming",
  deadline: T0,
  endsAt: at(48 * HOUR),
  holdsInARow: 0,
  asked: ["a", "b", "c"],
  removed: [],
  answers: {},
  ...changes,
});
const question = { deadline: T0, asked: ["a", "b", "c"], removed: [], answers: {} };
const held = (changes: Partial<Extract<ConfirmationState, { kind: "held" }>> = {}): ConfirmationState => ({
  ...question,
  kind: "held",
  answers: { a: "hold" },
  heldBy: "a",
  newDeadline: at(7 * DAY),
  holdsInARow: 1,
  closedAt: T0,
  ...changes,
});
const released = (changes: Partial<Extract<ConfirmationState, { kind: "released" }>> = {}): ConfirmationState => ({
  ...question,
  kind: "released",
  reason: "window_ended",
  holdsInARow: 0,
  closedAt: T0,
  ...changes,
});
const checkedIn: ConfirmationState = { ...question, kind: "closed_by_check_in", holdsInARow: 0, closedAt: T0 };

describe("confirmation settings", () => {
  const problemsOf = (changes: Partial<ConfirmationSettings>, contacts = 3) =>
    validateConfirmationSettings(settingsWith(changes), contacts);

  it("default to a 48 h window, a 7 d hold, 3 holds in a row and 1 release answer, which are valid", () => {
    expect(S).toEqual({ windowMs: 48 * HOUR, holdMs: 7 * DAY, maxHoldsInARow: 3, releaseAnswersNeeded: 1 });
    expect(validateConfirmationSettings(S, 1)).toEqual([]);
  });

  it("are limited as decision 041 says", () => {
    expect(CONFIRMATION_LIMITS).toEqual({
      windowMs: { min: 6 * HOUR, max: 14 * DAY },
      holdMs: { min: DAY, max: 30 * DAY },
      maxHoldsInARow: { min: 1, max: 10 },
      releaseAnswersNeeded: { min: 1 },
    });
  });

  it("accept a window of exactly 6 hours or 14 days and refuse one just outside, naming the field", () => {
    const problem = [{ field: "windowMs", message: "Choose a confirmation window from 6 hours to 14 days." }];
    expect(problemsOf({ windowMs: 6 * HOUR })).toEqual([]);
    expect(problemsOf({ windowMs: 14 * DAY })).toEqual([]);
    expect(problemsOf({ windowMs: 6 * HOUR - 1 })).toEqual(problem);
    expect(problemsOf({ windowMs: 14 * DAY + 1 })).toEqual(problem);
    expect(problemsOf({ windowMs: Number.NaN })).toEqual(problem);
  });

  it("accept a hold of exactly 1 or 30 days and refuse one just outside", () => {
    const problem = [{ field: "holdMs", message: "Choose a hold period from 1 day to 30 days." }];
    expect(problemsOf({ holdMs: DAY })).toEqual([]);
    expect(problemsOf({ holdMs: 30 * DAY })).toEqual([]);
    expect(problemsOf({ holdMs: DAY - 1 })).toEqual(problem);
    expect(problemsOf({ holdMs: 30 * DAY + 1 })).toEqual(problem);
  });

  it("accept 1 to 10 holds in a row, whole numbers only", () => {
    const problem = [{ field: "maxHoldsInARow", message: "Choose a whole number of holds in a row from 1 to 10." }];
    expect(problemsOf({ maxHoldsInARow: 1 })).toEqual([]);
    expect(problemsOf({ maxHoldsInARow: 10 })).toEqual([]);
    expect(problemsOf({ maxHoldsInARow: 0 })).toEqual(problem);
    expect(problemsOf({ maxHoldsInARow: 11 })).toEqual(problem);
    expect(problemsOf({ maxHoldsInARow: 2.5 })).toEqual(problem);
  });

  it("accept 1 to n release answers for n contacts, whole numbers only", () => {
    const problem = [
      {
        field: "releaseAnswersNeeded",
        message:
          "Choose a whole number of release answers needed from 1 to 3, the number of trusted contacts on this condition.",
      },
    ];
    expect(problemsOf({ releaseAnswersNeeded: 1 })).toEqual([]);
    expect(problemsOf({ releaseAnswersNeeded: 3 })).toEqual([]);
    expect(problemsOf({ releaseAnswersNeeded: 0 })).toEqual(problem);
    expect(problemsOf({ releaseAnswersNeeded: 4 })).toEqual(problem);
    expect(problemsOf({ releaseAnswersNeeded: 1.5 })).toEqual(problem);
  });

  it("ask for 1 release answer with one contact or none, since contacts may leave at any time", () => {
    expect(problemsOf({ releaseAnswersNeeded: 1 }, 0)).toEqual([]);
    expect(problemsOf({ releaseAnswersNeeded: 2 }, 1)).toEqual([
      {
        field: "releaseAnswersNeeded",
        message: "Set release answers needed to 1: this condition has one trusted contact.",
      },
    ]);
    expect(problemsOf({ releaseAnswersNeeded: 2 }, 0)).toEqual([
      {
        field: "releaseAnswersNeeded",
        message: "Set release answers needed to 1: this condition has no trusted contacts.",
      },
    ]);
  });

  it("list every problem, in the order of the fields", () => {
    const all = { windowMs: 0, holdMs: 0, maxHoldsInARow: 0, releaseAnswersNeeded: 0 };
    expect(validateConfirmationSettings(all, 2).map((p) => p.field)).toEqual([
      "windowMs",
      "holdMs",
      "maxHoldsInARow",
      "releaseAnswersNeeded",
    ]);
  });
});

describe("reaching a deadline", () => {
  it("opens the stage, asks the active contacts until the window ends and sends the owner's last alert", () => {
    const endsAt = at(48 * HOUR);
    expect(step(ARMED, reached(T0))).toEqual({
      state: confirming(),
      effects: [
        { type: "ask_contacts", contactIds: ["a", "b", "c"], endsAt },
        { type: "alert_owner_last", endsAt },
      ],
    });
  });

  it("asks a contact listed twice once", () => {
    const { state } = step(ARMED, reached(T0, ["a", "b", "a"]));
    expect(state).toEqual(confirming({ asked: ["a", "b"] }));
  });

  it("ends the window the settings' window after now, not after the deadline", () => {
    const { state } = step(ARMED, reached(T0), settingsWith({ windowMs: 6 * HOUR }), at(HOUR));
    expect(state).toEqual(confirming({ endsAt: at(7 * HOUR) }));
  });

  it("releases at once when the condition has no active contacts", () => {
    expect(step(ARMED, reached(T0, []))).toEqual({
      state: released({ reason: "no_contacts", asked: [] }),
      effects: [{ type: "release", reason: "no_contacts" }],
    });
  });

  it("changes nothing while a stage is open, whatever the deadline", () => {
    expect(step(confirming(), reached(T0))).toEqual({ state: confirming(), effects: [] });
    expect(step(confirming(), reached(at(DAY)))).toEqual({ state: confirming(), effects: [] });
  });
});

describe("answers while confirming", () => {
  it("closes the stage held on one hold, moving the deadline by the hold period and telling the others", () => {
    expect(step(confirming(), hold("b"), S, at(HOUR))).toEqual({
      state: held({ answers: { b: "hold" }, heldBy: "b", newDeadline: at(7 * DAY + HOUR), closedAt: at(HOUR) }),
      effects: [
        { type: "hold", heldBy: "b", newDeadline: at(7 * DAY + HOUR), nextReleasesWithoutAsking: false },
        { type: "tell_contacts_closed", contactIds: ["a", "c"], closure: { kind: "held" } },
      ],
      reply: { kind: "recorded", answer: "hold", closure: { kind: "held" } },
    });
  });

  it("moves the deadline a hold period from the moment of the hold, never to a time already past", () => {
    const settings = settingsWith({ windowMs: 14 * DAY, holdMs: DAY });
    const { state } = step(confirming({ endsAt: at(14 * DAY) }), hold("a"), settings, at(3 * DAY));
    expect(state).toMatchObject({ kind: "held", newDeadline: at(4 * DAY) });
  });

  it("releases on the first release answer by default, telling the others", () => {
    expect(step(confirming(), release("a"))).toEqual({
      state: released({ reason: "release_answers", answers: { a: "release" } }),
      effects: [
        { type: "release", reason: "release_answers" },
        {
          type: "tell_contacts_closed",
          contactIds: ["b", "c"],
          closure: { kind: "released", reason: "release_answers" },
        },
      ],
      reply: { kind: "recorded", answer: "release", closure: { kind: "released", reason: "release_answers" } },
    });
  });

  it("waits for the k-th release answer when k of n are needed", () => {
    const two = settingsWith({ releaseAnswersNeeded: 2 });
    const first = step(confirming(), release("a"), two);
    expect(first).toEqual({
      state: confirming({ answers: { a: "release" } }),
      effects: [],
      reply: { kind: "recorded", answer: "release" },
    });
    expect(step(first.state, release("c"), two)).toEqual({
      state: released({ reason: "release_answers", answers: { a: "release", c: "release" } }),
      effects: [
        { type: "release", reason: "release_answers" },
        {
          type: "tell_contacts_closed",
          contactIds: ["a", "b"],
          closure: { kind: "released", reason: "release_answers" },
        },
      ],
      reply: { kind: "recorded", answer: "release", closure: { kind: "released", reason: "release_answers" } },
    });
  });

  it("caps k at the number of contacts asked", () => {
    const three = settingsWith({ releaseAnswersNeeded: 3 });
    const start = confirming({ asked: ["a", "b"], answers: { a: "release" } });
    expect(step(start, release("b"), three).state).toMatchObject({ kind: "released", reason: "release_answers" });
  });

  it("holds on a hold even after other contacts answered release", () => {
    const two = settingsWith({ releaseAnswersNeeded: 2 });
    const { state, reply } = step(confirming({ answers: { a: "release" } }), hold("b"), two);
    expect(state).toEqual(held({ answers: { a: "release", b: "hold" }, heldBy: "b" }));
    expect(reply).toEqual({ kind: "recorded", answer: "hold", closure: { kind: "held" } });
  });

  it("counts the same answer again once and says it was already recorded", () => {
    const two = settingsWith({ releaseAnswersNeeded: 2 });
    const start = confirming({ answers: { a: "release" } });
    expect(step(start, release("a"), two)).toEqual({
      state: start,
      effects: [],
      reply: { kind: "already_recorded", answer: "release" },
    });
  });

  it("refuses a different later answer and keeps the first", () => {
    const two = settingsWith({ releaseAnswersNeeded: 2 });
    const start = confirming({ answers: { a: "release" } });
    expect(step(start, hold("a"), two)).toEqual({
      state: start,
      effects: [],
      reply: { kind: "conflicting", kept: "release" },
    });
  });

  it("refuses a contact who was not asked", () => {
    expect(step(confirming(), hold("z"))).toEqual({ state: confirming(), effects: [], reply: { kind: "not_asked" } });
  });

  it("treats an answer from the end of the window on as too late: the window has released", () => {
    const start = confirming({ answers: { a: "release" } });
    expect(step(start, hold("b"), settingsWith({ releaseAnswersNeeded: 2 }), at(48 * HOUR))).toEqual({
      state: released({ reason: "window_ended", answers: { a: "release" }, closedAt: at(48 * HOUR) }),
      effects: [
        { type: "release", reason: "window_ended" },
        { type: "tell_contacts_closed", contactIds: ["a", "c"], closure: { kind: "released", reason: "window_ended" } },
      ],
      reply: { kind: "closed", closure: { kind: "released", reason: "window_ended" } },
    });
  });

  it("still counts an answer a millisecond before the window ends", () => {
    const { state } = step(confirming(), hold("b"), S, at(48 * HOUR - 1));
    expect(state).toMatchObject({ kind: "held", heldBy: "b" });
  });
});

describe("answers when no stage is open", () => {
  it("are refused as not asked before any stage", () => {
    expect(step(ARMED, release("a"))).toEqual({ state: ARMED, effects: [], reply: { kind: "not_asked" } });
  });

  it("are refused after a hold, saying it was held, without naming who held it", () => {
    expect(step(held(), release("b"))).toEqual({
      state: held(),
      effects: [],
      reply: { kind: "closed", closure: { kind: "held" } },
    });
    expect(step(held(), release("a")).reply).toEqual({ kind: "closed", closure: { kind: "held" } });
  });

  it("say already recorded to the contact who repeats the answer that closed the stage", () => {
    expect(step(held(), hold("a"))).toEqual({
      state: held(),
      effects: [],
      reply: { kind: "already_recorded", answer: "hold", closure: { kind: "held" } },
    });
  });

  it("are refused after a release, saying why it released", () => {
    const state = released({ reason: "release_answers", answers: { a: "release" } });
    expect(step(state, hold("b")).reply).toEqual({
      kind: "closed",
      closure: { kind: "released", reason: "release_answers" },
    });
    expect(step(released(), release("c")).reply).toEqual({
      kind: "closed",
      closure: { kind: "released", reason: "window_ended" },
    });
  });

  it("are refused after a check-in, saying the owner checked in", () => {
    expect(step(checkedIn, hold("a"))).toEqual({
      state: checkedIn,
      effects: [],
      reply: { kind: "closed", closure: { kind: "closed_by_check_in" } },
    });
  });

  it("are refused as not asked from a contact the closed stage did not ask", () => {
    expect(step(held(), hold("z")).reply).toEqual({ kind: "not_asked" });
    expect(step(released({ reason: "no_contacts", asked: [] }), hold("a")).reply).toEqual({ kind: "not_asked" });
  });
});

describe("the end of the window", () => {
  it("releases a stage nobody answered and tells every contact asked", () => {
    expect(step(confirming(), WINDOW_ENDED, S, at(48 * HOUR))).toEqual({
      state: released({ closedAt: at(48 * HOUR) }),
      effects: [
        { type: "release", reason: "window_ended" },
        {
          type: "tell_contacts_closed",
          contactIds: ["a", "b", "c"],
          closure: { kind: "released", reason: "window_ended" },
        },
      ],
    });
  });

  it("releases with too few release answers, keeping the answers given", () => {
    const start = confirming({ answers: { b: "release" } });
    const { state, effects } = step(start, WINDOW_ENDED, settingsWith({ releaseAnswersNeeded: 3 }), at(50 * HOUR));
    expect(state).toEqual(released({ answers: { b: "release" }, closedAt: at(50 * HOUR) }));
    expect(effects[0]).toEqual({ type: "release", reason: "window_ended" });
  });

  it("changes nothing before the window's end", () => {
    expect(step(confirming(), WINDOW_ENDED, S, at(48 * HOUR - 1))).toEqual({ state: confirming(), effects: [] });
  });

  it("changes nothing once the stage has closed or before any stage", () => {
    for (const state of [ARMED, held(), released(), checkedIn])
      expect(step(state, WINDOW_ENDED, S, at(30 * DAY))).toEqual({ state, effects: [] });
  });
});

describe("a check-in", () => {
  it("closes an open stage, resets the holds and tells the contacts asked", () => {
    const start = confirming({ holdsInARow: 2, answers: { a: "release" } });
    expect(step(start, CHECK_IN, settingsWith({ releaseAnswersNeeded: 2 }))).toEqual({
      state: { ...question, kind: "closed_by_check_in", answers: { a: "release" }, holdsInARow: 0, closedAt: T0 },
      effects: [{ type: "tell_contacts_closed", contactIds: ["a", "b", "c"], closure: { kind: "closed_by_check_in" } }],
    });
  });

  it("resets the holds while armed", () => {
    expect(step({ kind: "armed", holdsInARow: 2 }, CHECK_IN)).toEqual({ state: ARMED, effects: [] });
  });

  it("resets the holds after a hold, keeping the closed question so late answers still hear it was held", () => {
    expect(step(held({ holdsInARow: 2 }), CHECK_IN)).toEqual({ state: held({ holdsInARow: 0 }), effects: [] });
  });

  it("changes nothing else after a release or another check-in", () => {
    expect(step(released({ holdsInARow: 3, reason: "holds_exhausted" }), CHECK_IN)).toEqual({
      state: released({ holdsInARow: 0, reason: "holds_exhausted" }),
      effects: [],
    });
    expect(step(checkedIn, CHECK_IN)).toEqual({ state: checkedIn, effects: [] });
  });
});

describe("the next deadline after a closed stage", () => {
  it("opens a new stage after a hold, keeping the holds in a row", () => {
    const next = at(7 * DAY);
    const { state, effects } = step(held(), reached(next, ["a", "b"]), S, next);
    expect(state).toEqual({
      kind: "confirming",
      deadline: next,
      endsAt: at(9 * DAY),
      holdsInARow: 1,
      asked: ["a", "b"],
      removed: [],
      answers: {},
    });
    expect(effects.map((e) => e.type)).toEqual(["ask_contacts", "alert_owner_last"]);
  });

  it("ignores the closed stage's own deadline again, or an earlier one", () => {
    for (const state of [held(), released(), checkedIn]) {
      expect(step(state, reached(T0))).toEqual({ state, effects: [] });
      expect(step(state, reached(at(-DAY)))).toEqual({ state, effects: [] });
    }
  });

  it("opens a new stage with no holds after a check-in", () => {
    const { state } = step(checkedIn, reached(at(3 * DAY)), S, at(3 * DAY));
    expect(state).toMatchObject({ kind: "confirming", deadline: at(3 * DAY), holdsInARow: 0 });
  });

  it("opens a new stage with no holds after a release, since only re-arming brings another deadline", () => {
    const state = released({ reason: "holds_exhausted", holdsInARow: 3, asked: [] });
    expect(step(state, reached(at(DAY)), S, at(DAY)).state).toMatchObject({ kind: "confirming", holdsInARow: 0 });
  });
});

describe("holds in a row", () => {
  /** Holds each stage with contact a, reaching each new deadline on time. */
  function holdRepeatedly(times: number, settings: ConfirmationSettings, start = ARMED, first = T0) {
    let state = start;
    let deadline = first;
    const holds: ConfirmationEffect[] = [];
    for (let i = 0; i < times; i++) {
      state = step(state, reached(deadline), settings, deadline).state;
      const result = step(state, hold("a"), settings, deadline);
      holds.push(...result.effects.filter((e) => e.type === "hold"));
      state = result.state;
      deadline = new Date(deadline.getTime() + settings.holdMs);
    }
    return { state, deadline, holds };
  }

  it("warns the owner with the hold that reaches the maximum, then releases the next deadline without asking", () => {
    const { state, deadline, holds } = holdRepeatedly(3, S);
    expect(holds).toEqual([
      { type: "hold", heldBy: "a", newDeadline: at(7 * DAY), nextReleasesWithoutAsking: false },
      { type: "hold", heldBy: "a", newDeadline: at(14 * DAY), nextReleasesWithoutAsking: false },
      { type: "hold", heldBy: "a", newDeadline: at(21 * DAY), nextReleasesWithoutAsking: true },
    ]);
    expect(state).toMatchObject({ kind: "held", holdsInARow: 3 });
    expect(step(state, reached(deadline), S, deadline)).toEqual({
      state: {
        kind: "released",
        reason: "holds_exhausted",
        deadline,
        asked: [],
        removed: [],
        answers: {},
        holdsInARow: 3,
        closedAt: deadline,
      },
      effects: [{ type: "release", reason: "holds_exhausted" }],
    });
  });

  it("allows one hold only when the maximum is 1", () => {
    const one = settingsWith({ maxHoldsInARow: 1 });
    const { state, deadline, holds } = holdRepeatedly(1, one);
    expect(holds[0]).toMatchObject({ nextReleasesWithoutAsking: true });
    expect(step(state, reached(deadline), one, deadline).state).toMatchObject({ reason: "holds_exhausted" });
  });

  it("start again from none after a check-in", () => {
    const { state, deadline } = holdRepeatedly(2, S);
    expect(state).toMatchObject({ kind: "held", holdsInARow: 2 });
    const again = holdRepeatedly(3, S, step(state, CHECK_IN).state, deadline);
    expect(again.holds.map((h) => h.type === "hold" && h.nextReleasesWithoutAsking)).toEqual([false, false, true]);
    expect(again.state).toMatchObject({ kind: "held", holdsInARow: 3 });
  });
});

describe("a contact removed or gone", () => {
  it("withdraws their question while confirming and refuses their later answer", () => {
    const first = step(confirming(), removed("b"));
    expect(first).toEqual({
      state: confirming({ removed: ["b"] }),
      effects: [{ type: "withdraw_question", contactId: "b" }],
    });
    expect(step(first.state, hold("b"))).toEqual({ state: first.state, effects: [], reply: { kind: "removed" } });
  });

  it("stops counting their release answer, so the others must still reach k", () => {
    const two = settingsWith({ releaseAnswersNeeded: 2 });
    let state = step(confirming(), release("a"), two).state;
    state = step(state, removed("a"), two).state;
    const second = step(state, release("b"), two);
    expect(second.state).toEqual(confirming({ removed: ["a"], answers: { a: "release", b: "release" } }));
    expect(second.reply).toEqual({ kind: "recorded", answer: "release" });
    const third = step(second.state, release("c"), two);
    expect(third.state).toMatchObject({ kind: "released", reason: "release_answers" });
    expect(third.effects).toEqual([
      { type: "release", reason: "release_answers" },
      { type: "tell_contacts_closed", contactIds: ["b"], closure: { kind: "released", reason: "release_answers" } },
    ]);
  });

  it("never releases early when too few remain to reach k: the window decides", () => {
    const two = settingsWith({ releaseAnswersNeeded: 2 });
    let state = confirming({ asked: ["a", "b"] });
    state = step(state, removed("a"), two).state;
    const answer = step(state, release("b"), two);
    expect(answer.state).toMatchObject({ kind: "confirming" });
    expect(step(answer.state, WINDOW_ENDED, two, at(48 * HOUR))).toEqual({
      state: released({ asked: ["a", "b"], removed: ["a"], answers: { b: "release" }, closedAt: at(48 * HOUR) }),
      effects: [
        { type: "release", reason: "window_ended" },
        { type: "tell_contacts_closed", contactIds: ["b"], closure: { kind: "released", reason: "window_ended" } },
      ],
    });
  });

  it("keeps the stage open until the window ends when every contact asked is gone", () => {
    let state = confirming({ asked: ["a"] });
    state = step(state, removed("a")).state;
    expect(state).toMatchObject({ kind: "confirming", removed: ["a"] });
    expect(step(state, WINDOW_ENDED, S, at(48 * HOUR))).toEqual({
      state: released({ asked: ["a"], removed: ["a"], closedAt: at(48 * HOUR) }),
      effects: [{ type: "release", reason: "window_ended" }],
    });
  });

  it("is not told the question closed on a hold or a check-in", () => {
    const state = confirming({ removed: ["c"] });
    expect(step(state, hold("a")).effects[1]).toEqual({
      type: "tell_contacts_closed",
      contactIds: ["b"],
      closure: { kind: "held" },
    });
    expect(step(state, CHECK_IN).effects).toEqual([
      { type: "tell_contacts_closed", contactIds: ["a", "b"], closure: { kind: "closed_by_check_in" } },
    ]);
  });

  it("changes nothing when the contact was not asked, was already removed, or no stage was opened", () => {
    expect(step(confirming(), removed("z"))).toEqual({ state: confirming(), effects: [] });
    const once = confirming({ removed: ["b"] });
    expect(step(once, removed("b"))).toEqual({ state: once, effects: [] });
    expect(step(ARMED, removed("a"))).toEqual({ state: ARMED, effects: [] });
  });

  it("after the stage closed, is recorded so their late answer says they are no longer a contact", () => {
    const first = step(held(), removed("b"));
    expect(first).toEqual({ state: held({ removed: ["b"] }), effects: [] });
    expect(step(first.state, release("b")).reply).toEqual({ kind: "removed" });
  });
});

describe("when a stage closed", () => {
  const closedAtOf = (state: ConfirmationState) => ("closedAt" in state ? state.closedAt : undefined);

  it("is the moment of the hold, the release or the check-in that closed it", () => {
    expect(closedAtOf(step(confirming(), hold("b"), S, at(5 * HOUR)).state)).toEqual(at(5 * HOUR));
    expect(closedAtOf(step(confirming(), release("b"), S, at(6 * HOUR)).state)).toEqual(at(6 * HOUR));
    expect(closedAtOf(step(confirming(), WINDOW_ENDED, S, at(49 * HOUR)).state)).toEqual(at(49 * HOUR));
    expect(closedAtOf(step(confirming(), hold("b"), S, at(50 * HOUR)).state)).toEqual(at(50 * HOUR));
    expect(closedAtOf(step(confirming(), CHECK_IN, S, at(7 * HOUR)).state)).toEqual(at(7 * HOUR));
  });

  it("is the deadline's moment when it released without asking anyone", () => {
    expect(closedAtOf(step(ARMED, reached(T0, []), S, at(HOUR)).state)).toEqual(at(HOUR));
    const exhausted = held({ holdsInARow: 3 });
    expect(step(exhausted, reached(at(7 * DAY)), S, at(7 * DAY + HOUR)).state).toMatchObject({
      kind: "released",
      reason: "holds_exhausted",
      closedAt: at(7 * DAY + HOUR),
    });
  });

  it("is kept while the stage merely stays closed: a check-in, a removal, a late answer or a stale deadline", () => {
    for (const state of [held({ holdsInARow: 2 }), released({ holdsInARow: 2 }), checkedIn]) {
      expect(closedAtOf(step(state, CHECK_IN, S, at(3 * DAY)).state)).toEqual(T0);
      expect(closedAtOf(step(state, removed("b"), S, at(3 * DAY)).state)).toEqual(T0);
      expect(closedAtOf(step(state, release("c"), S, at(3 * DAY)).state)).toEqual(T0);
      expect(closedAtOf(step(state, reached(T0), S, at(3 * DAY)).state)).toEqual(T0);
    }
  });

  it("stays unknown for a stage stored before it was kept, and goes with the stage a new deadline opens", () => {
    const { closedAt: _, ...old } = held({ holdsInARow: 2 }) as Extract<ConfirmationState, { kind: "held" }>;
    expect(step(old, CHECK_IN, S, at(DAY)).state).toEqual({ ...old, holdsInARow: 0 });
    expect(step(held(), reached(at(7 * DAY)), S, at(7 * DAY)).state).not.toHaveProperty("closedAt");
  });

  it("is stored as an ISO string and read back as the same instant, or left out when unknown", () => {
    const state = held({ closedAt: at(HOUR) });
    expect(toStoredState(state)).toMatchObject({ closedAt: at(HOUR).toISOString() });
    expect(fromStoredState(toStoredState(state))).toEqual(state);
    const { closedAt: _, ...old } = released() as Extract<ConfirmationState, { kind: "released" }>;
    expect(fromStoredState(toStoredState(old))).toEqual(old);
    expect(fromStoredState(toStoredState(old))).not.toHaveProperty("closedAt");
  });
});

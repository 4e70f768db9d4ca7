import { describe, expect, it } from "vitest";
import { IDLE, step, type PanicEvent, type PanicState, type PressStamp } from "./panic-machine";
import type { PanicMessage } from "./panic-messages";
import type { ServerLocation } from "./sent-location";

const stamp: PressStamp = { deduplicationId: "press-1", timestamp: "2026-03-10T14:00:00.000Z" };
const one: PanicMessage[] = [
  { id: "m1", title: "Help", preview: "I need help", recipientCount: 2, attachmentCount: 0 },
];
const two: PanicMessage[] = [
  ...one,
  { id: "m2", title: "Emergency Message", preview: "", recipientCount: 1, attachmentCount: 0 },
];
const press = (messages = one, signedIn = true): PanicEvent => ({ type: "press", signedIn, messages, stamp });
const CAPTURED = "2026-03-10T14:00:01.000Z";
const sending: Extract<PanicState, { kind: "sending" }> = {
  kind: "sending",
  request: { messageId: "m1", ...stamp },
  attempt: 1,
  location: { included: true, place: "Camden", locatedAt: CAPTURED },
};
/** The server's word on the position: this press's own by default. */
const onServer = (extra: Partial<ServerLocation> = {}): ServerLocation => ({
  included: true,
  locatedAt: CAPTURED,
  place: "Camden",
  triggeredAt: "2026-03-10T14:00:03.000Z",
  ...extra,
});
const succeeded = (extra: Partial<Extract<PanicEvent, { type: "send-succeeded" }>> = {}): PanicEvent => ({
  type: "send-succeeded",
  deduplicationId: "press-1",
  attempt: 1,
  recipients: 2,
  duplicate: false,
  location: onServer(),
  attachments: 1,
  ...extra,
});

/** Runs events from `state` and returns the last step. */
function after(state: PanicState, ...events: PanicEvent[]) {
  let result = { state, effects: [] as ReturnType<typeof step>["effects"] };
  for (const event of events) result = step(result.state, event);
  return result;
}

describe("the panic button's state machine", () => {
  it("asks for confirmation on the first press", () => {
    expect(after(IDLE, press())).toEqual({ state: { kind: "confirming" }, effects: [] });
  });

  it("goes back to idle when the confirm window expires", () => {
    expect(after(IDLE, press(), { type: "confirm-expired" }).state).toEqual(IDLE);
  });

  it("ignores a late confirm-expired once the press has moved on", () => {
    expect(after(sending, { type: "confirm-expired" }).state).toBe(sending);
  });

  it("sends the only panic message on the second press, with the EMERGENCY ALERT toast and the position first", () => {
    const { state, effects } = after(IDLE, press(), press());
    expect(state).toEqual({ kind: "sending", request: { messageId: "m1", ...stamp }, attempt: 1, location: null });
    expect(effects).toEqual([
      { type: "toast", toast: "sending" },
      { type: "locate", request: { messageId: "m1", ...stamp } },
    ]);
  });

  it("opens the selector on the second press when there are several panic messages, with nothing chosen", () => {
    expect(after(IDLE, press(two), press(two)).state).toEqual({
      kind: "selecting",
      messages: two,
      chosenId: null,
      press: stamp,
    });
  });

  it("does not trigger from the selector until a message is chosen", () => {
    const { state, effects } = after(IDLE, press(two), press(two), { type: "trigger-chosen" });
    expect(state.kind).toBe("selecting");
    expect(effects).toEqual([]);
  });

  it("sends the chosen message from the selector", () => {
    const { state, effects } = after(
      IDLE,
      press(two),
      press(two),
      { type: "choose", messageId: "m2" },
      { type: "trigger-chosen" },
    );
    expect(state).toMatchObject({ kind: "sending", request: { messageId: "m2", deduplicationId: "press-1" } });
    expect(effects.map((e) => e.type)).toEqual(["toast", "locate"]);
  });

  it("refuses to choose a message that is not in the list", () => {
    expect(after(IDLE, press(two), press(two), { type: "choose", messageId: "other" }).state).toMatchObject({
      chosenId: null,
    });
  });

  it("returns to idle when the selector is cancelled", () => {
    expect(after(IDLE, press(two), press(two), { type: "dismiss-selector" })).toEqual({ state: IDLE, effects: [] });
  });

  it("ignores presses while choosing and while sending", () => {
    const selecting = after(IDLE, press(two), press(two)).state;
    expect(after(selecting, press(two)).state).toBe(selecting);
    expect(after(sending, press())).toEqual({ state: sending, effects: [] });
  });

  it("says Authentication Required instead of confirming when signed out", () => {
    expect(after(IDLE, press(one, false))).toEqual({ state: IDLE, effects: [{ type: "toast", toast: "auth-panic" }] });
    expect(after({ kind: "confirming" }, press(one, false)).state).toEqual(IDLE);
  });

  it("tells the user and reloads the header when there is no panic message to send", () => {
    expect(after({ kind: "confirming" }, press([])).effects).toEqual([
      { type: "toast", toast: "nothing-to-send" },
      { type: "conditions-changed" },
    ]);
  });

  it("posts the alert once the position is settled, whether or not it was found", () => {
    const located = after(IDLE, press(), press(), {
      type: "located",
      deduplicationId: "press-1",
      location: { included: false, reason: "denied" },
    });
    expect(located.state).toMatchObject({ kind: "sending", location: { included: false, reason: "denied" } });
    expect(located.effects).toEqual([{ type: "send", request: { messageId: "m1", ...stamp }, attempt: 1, delayMs: 0 }]);
  });

  it("ignores the position of another press", () => {
    const state: PanicState = { ...sending, location: null };
    expect(
      after(state, {
        type: "located",
        deduplicationId: "press-0",
        location: { included: true, place: null, locatedAt: CAPTURED },
      }).effects,
    ).toEqual([]);
  });

  it("starts the 3-second countdown on success, toasts and refreshes the conditions", () => {
    const { state, effects } = after(sending, succeeded());
    expect(state).toEqual({
      kind: "countdown",
      remaining: 3,
      result: {
        location: { included: true, place: "Camden", earlier: false, earlierMs: null, notNow: null },
        recipients: 2,
        duplicate: false,
        sentAt: "2026-03-10T14:00:03.000Z",
        attachments: 1,
      },
    });
    expect(effects.map((e) => (e.type === "toast" ? e.toast : e.type))).toEqual(["triggered", "conditions-changed"]);
  });

  it("tells the sent outcome in one toast, also when the position did not go with the alert", () => {
    const withoutPosition: PanicState = { ...sending, location: { included: false, reason: "timeout" } };
    const { effects } = after(
      withoutPosition,
      succeeded({ location: onServer({ included: false, locatedAt: null, place: null }) }),
    );
    expect(effects.map((e) => (e.type === "toast" ? e.toast : e.type))).toEqual(["triggered", "conditions-changed"]);
    expect(effects[0]).toMatchObject({ result: { location: { included: false, reason: "timeout" } } });
  });

  it("believes the server when it says the stored position was not attached", () => {
    expect(
      after(sending, succeeded({ location: onServer({ included: false, locatedAt: null, place: null }) })).state,
    ).toMatchObject({ result: { location: { included: false, reason: "not-saved" } } });
  });

  it("believes the server when it sent an earlier position this press could not replace, and says how old", () => {
    const blocked: PanicState = { ...sending, location: { included: false, reason: "denied" } };
    const earlier = onServer({
      locatedAt: "2026-03-10T13:59:00.000Z",
      triggeredAt: "2026-03-10T14:00:04.000Z",
      place: "near Clerkenwell",
    });
    const { state, effects } = after(blocked, succeeded({ location: earlier }));
    expect(state).toMatchObject({
      result: {
        location: { included: true, place: "near Clerkenwell", earlier: true, earlierMs: 64_000, notNow: "denied" },
      },
    });
    expect(effects.map((e) => (e.type === "toast" ? e.toast : e.type))).toEqual(["triggered", "conditions-changed"]);
  });

  it("never calls a position taken at the alert's own second 'earlier'", () => {
    // The browser's capture and the server's differ by a rounding, not by a press.
    const atPress = onServer({ locatedAt: "2026-03-10T14:00:02.600Z", triggeredAt: "2026-03-10T14:00:03.000Z" });
    expect(after(sending, succeeded({ location: atPress })).state).toMatchObject({
      result: { location: { included: true, earlier: false, earlierMs: null } },
    });
  });

  it("treats a duplicate answer as a success, and says it repeated the alert already sent, with when", () => {
    // The repeated alert's position was taken at its own press: not 'earlier', whatever this press found.
    const first = onServer({ locatedAt: "2026-03-10T13:59:50.000Z", triggeredAt: "2026-03-10T13:59:50.400Z" });
    const { state, effects } = after(sending, succeeded({ duplicate: true, recipients: 0, location: first }));
    const result = {
      location: { included: true, place: "Camden", earlier: false, earlierMs: null, notNow: null },
      recipients: 0,
      duplicate: true,
      sentAt: "2026-03-10T13:59:50.400Z",
      attachments: 1,
    };
    expect(state).toEqual({ kind: "countdown", remaining: 3, result });
    expect(effects).toEqual([{ type: "toast", toast: "already-sent", result }, { type: "conditions-changed" }]);
  });

  it("does not blame this press's browser for what the repeated alert carried", () => {
    const blocked: PanicState = { ...sending, location: { included: false, reason: "denied" } };
    const without = onServer({ included: false, locatedAt: null, place: null });
    expect(after(blocked, succeeded({ duplicate: true, location: without })).state).toMatchObject({
      result: { location: { included: false, reason: "first-alert" } },
    });
    expect(after(blocked, succeeded({ duplicate: true, location: null })).state).toMatchObject({
      result: { location: { included: false, reason: "unknown" }, sentAt: null },
    });
  });

  it("retries a failed alert once after 1.5 s, with the same press id", () => {
    const { state, effects } = after(sending, {
      type: "send-failed",
      deduplicationId: "press-1",
      attempt: 1,
      authRequired: false,
    });
    expect(state).toMatchObject({ kind: "sending", attempt: 2 });
    expect(effects).toEqual([{ type: "send", request: { messageId: "m1", ...stamp }, attempt: 2, delayMs: 1500 }]);
  });

  it("gives up after the retry fails: error toast, idle, header reloaded", () => {
    const { state, effects } = after(
      sending,
      { type: "send-failed", deduplicationId: "press-1", attempt: 1, authRequired: false },
      { type: "send-failed", deduplicationId: "press-1", attempt: 2, authRequired: false },
    );
    expect(state).toEqual(IDLE);
    expect(effects).toEqual([{ type: "toast", toast: "error" }, { type: "conditions-changed" }]);
  });

  it("passes on the server's reason for a refusal after the error toast", () => {
    const { effects } = after(
      sending,
      {
        type: "send-failed",
        deduplicationId: "press-1",
        attempt: 1,
        authRequired: false,
        reason: "No active panic message found",
      },
      {
        type: "send-failed",
        deduplicationId: "press-1",
        attempt: 2,
        authRequired: false,
        reason: "No active panic message found",
      },
    );
    expect(effects).toEqual([
      { type: "toast", toast: "error" },
      { type: "toast", toast: "failure-reason", reason: "No active panic message found" },
      { type: "conditions-changed" },
    ]);
  });

  it("succeeds on the retry", () => {
    const { state } = after(
      sending,
      { type: "send-failed", deduplicationId: "press-1", attempt: 1, authRequired: false },
      succeeded({ attempt: 2 }),
    );
    expect(state.kind).toBe("countdown");
  });

  it("ignores the answer of an attempt that is not the current one", () => {
    const retrying = after(sending, {
      type: "send-failed",
      deduplicationId: "press-1",
      attempt: 1,
      authRequired: false,
    }).state;
    expect(after(retrying, succeeded({ attempt: 1 })).state).toBe(retrying);
  });

  it("does not retry when the server says the user is signed out", () => {
    expect(after(sending, { type: "send-failed", deduplicationId: "press-1", attempt: 1, authRequired: true })).toEqual(
      {
        state: IDLE,
        effects: [{ type: "toast", toast: "auth-trigger" }],
      },
    );
  });

  it("counts down 3, 2, 1 and then goes to /messages", () => {
    const countdown = after(sending, succeeded()).state;
    expect(after(countdown, { type: "tick" }).state).toMatchObject({ remaining: 2 });
    expect(after(countdown, { type: "tick" }, { type: "tick" }).state).toMatchObject({ remaining: 1 });
    expect(after(countdown, { type: "tick" }, { type: "tick" }, { type: "tick" })).toEqual({
      state: IDLE,
      effects: [{ type: "go-to-messages" }],
    });
  });

  it("stops the countdown on a press during it, in one toast that knows the alert went", () => {
    const countdown = after(sending, succeeded()).state;
    expect(countdown.kind).toBe("countdown");
    const result = countdown.kind === "countdown" ? countdown.result : undefined;
    expect(after(countdown, press())).toEqual({
      state: IDLE,
      effects: [{ type: "toast", toast: "countdown-stopped", result }],
    });
  });

  it("ignores ticks outside the countdown", () => {
    expect(after(IDLE, { type: "tick" }).state).toBe(IDLE);
  });
});

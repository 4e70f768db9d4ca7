import { describe, expect, it } from "vitest";
import { initialState, step, type VerificationState } from "./verification-machine";

const idle: VerificationState = { kind: "idle", error: null };

describe("number verification flow", () => {
  it("starts where the server says: verified, a code waiting, or nothing", () => {
    expect(initialState({ verified: { via: "sms", at: "2026-03-01T12:00:00Z" }, pending: null })).toEqual({
      kind: "verified",
    });
    expect(
      initialState({
        verified: null,
        pending: {
          channel: "sms",
          sent_at: "",
          expires_at: "",
          attempts_left: 5,
          delivery: "sending",
          delivery_error: null,
        },
      }),
    ).toEqual({ kind: "entering", channel: "sms", error: null });
    expect(initialState(undefined)).toEqual(idle);
  });

  it("sends a code, then waits for it to be typed", () => {
    const sending = step(idle, { type: "send", channel: "whatsapp", requestId: 1 });
    expect(sending).toEqual({
      state: { kind: "requesting", channel: "whatsapp", requestId: 1, from: "idle" },
      effects: [{ type: "send-code", channel: "whatsapp" }],
    });
    expect(step(sending.state, { type: "sent", requestId: 1 }).state).toEqual({
      kind: "entering",
      channel: "whatsapp",
      error: null,
    });
  });

  it("goes back with the reason when the code could not be sent", () => {
    const sending = step(idle, { type: "send", channel: "sms", requestId: 1 }).state;
    expect(step(sending, { type: "send-failed", requestId: 1, message: "SMS is not available" }).state).toEqual({
      kind: "idle",
      error: "SMS is not available",
    });
    const resend = step(
      { kind: "entering", channel: "sms", error: null },
      { type: "send", channel: "sms", requestId: 2 },
    ).state;
    expect(step(resend, { type: "send-failed", requestId: 2, message: "wait 60 seconds" }).state).toEqual({
      kind: "entering",
      channel: "sms",
      error: "wait 60 seconds",
    });
  });

  it("ignores an answer to an earlier request", () => {
    const sending = step(idle, { type: "send", channel: "sms", requestId: 2 }).state;
    expect(step(sending, { type: "sent", requestId: 1 }).state).toBe(sending);
    const checking: VerificationState = { kind: "checking", channel: "sms", requestId: 5 };
    expect(step(checking, { type: "verified", requestId: 4 }).state).toBe(checking);
  });

  it("checks only six digits, allowing spaces, and says what is wrong otherwise", () => {
    const entering: VerificationState = { kind: "entering", channel: "whatsapp", error: null };
    expect(step(entering, { type: "submit", code: "12 34", requestId: 3 })).toEqual({
      state: { ...entering, error: "Enter the 6 digits of the code." },
      effects: [],
    });
    expect(step(entering, { type: "submit", code: "123 456", requestId: 3 })).toEqual({
      state: { kind: "checking", channel: "whatsapp", requestId: 3 },
      effects: [{ type: "check-code", code: "123456" }],
    });
  });

  it("is verified on a right code, and announces it", () => {
    expect(step({ kind: "checking", channel: "whatsapp", requestId: 3 }, { type: "verified", requestId: 3 })).toEqual({
      state: { kind: "verified" },
      effects: [{ type: "announce-verified" }],
    });
  });

  it("stays on the code after a wrong one, and starts over after a dead one", () => {
    const checking: VerificationState = { kind: "checking", channel: "whatsapp", requestId: 3 };
    expect(
      step(checking, { type: "check-failed", requestId: 3, message: "4 tries left", codeDead: false }).state,
    ).toEqual({ kind: "entering", channel: "whatsapp", error: "4 tries left" });
    expect(step(checking, { type: "check-failed", requestId: 3, message: "expired", codeDead: true }).state).toEqual({
      kind: "idle",
      error: "expired",
    });
  });

  it("does nothing for a press while busy", () => {
    const checking: VerificationState = { kind: "checking", channel: "sms", requestId: 1 };
    expect(step(checking, { type: "send", channel: "sms", requestId: 2 }).state).toBe(checking);
    expect(step(checking, { type: "submit", code: "123456", requestId: 2 }).state).toBe(checking);
  });
});

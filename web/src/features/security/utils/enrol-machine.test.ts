import { describe, expect, it } from "vitest";
import { IDLE, step, type EnrolState, type Enrolment } from "./enrol-machine";

const enrolment: Enrolment = {
  factorId: "f1",
  qrCode: "data:image/svg+xml;utf-8,<svg/>",
  secret: "ABC",
  uri: "otpauth://totp/x",
};
const scanning: EnrolState = { kind: "scanning", name: "Phone", enrolment, error: null };

describe("adding an authenticator app", () => {
  it("asks the server to enrol a named app and then shows its QR code and secret", () => {
    const started = step(IDLE, { type: "start", name: "  Phone ", requestId: 1 });
    expect(started).toEqual({
      state: { kind: "starting", name: "Phone", requestId: 1 },
      effects: [{ type: "enrol", name: "Phone", requestId: 1 }],
    });
    expect(step(started.state, { type: "enrolled", requestId: 1, enrolment }).state).toEqual(scanning);
  });

  it("needs a name", () => {
    expect(step(IDLE, { type: "start", name: " ", requestId: 1 })).toEqual({
      state: { kind: "idle", error: "Give the authenticator a name, e.g. “Phone”." },
      effects: [],
    });
  });

  it("says why the server refused to start", () => {
    const started = step(IDLE, { type: "start", name: "Phone", requestId: 1 }).state;
    expect(
      step(started, { type: "enrol-failed", requestId: 1, message: "You already have a factor named Phone." }).state,
    ).toEqual({ kind: "idle", error: "You already have a factor named Phone." });
  });

  it("finishes with a 6-digit code from the app", () => {
    const confirming = step(scanning, { type: "submit", code: "123 456", requestId: 2 });
    expect(confirming.effects).toEqual([{ type: "verify", factorId: "f1", code: "123456", requestId: 2 }]);
    expect(step(confirming.state, { type: "verified", requestId: 2 })).toEqual({
      state: { kind: "done", name: "Phone" },
      effects: [{ type: "enrolled-toast", name: "Phone" }],
    });
  });

  it("keeps the QR code up with the reason when the code is wrong or malformed", () => {
    expect(step(scanning, { type: "submit", code: "12", requestId: 2 })).toEqual({
      state: { ...scanning, error: "Enter the 6 digits the app shows for Trigger Switch." },
      effects: [],
    });
    const confirming = step(scanning, { type: "submit", code: "123456", requestId: 2 }).state;
    expect(step(confirming, { type: "verify-failed", requestId: 2, message: "That code is not right." }).state).toEqual(
      { ...scanning, error: "That code is not right." },
    );
  });

  it("forgets the half-made factor when cancelled, and one whose answer came too late", () => {
    expect(step(scanning, { type: "cancel" })).toEqual({ state: IDLE, effects: [{ type: "forget", factorId: "f1" }] });
    const starting = step(IDLE, { type: "start", name: "Phone", requestId: 1 }).state;
    const cancelled = step(starting, { type: "cancel" }).state;
    expect(step(cancelled, { type: "enrolled", requestId: 1, enrolment })).toEqual({
      state: IDLE,
      effects: [{ type: "forget", factorId: "f1" }],
    });
  });

  it("drops answers to earlier requests", () => {
    const confirming = step(scanning, { type: "submit", code: "123456", requestId: 3 }).state;
    expect(step(confirming, { type: "verified", requestId: 2 }).state).toBe(confirming);
    expect(step(confirming, { type: "verify-failed", requestId: 2, message: "x" }).state).toBe(confirming);
  });
});

import { describe, expect, it } from "vitest";
import { describeVerifyError, initialState, step, type SecondFactorState } from "./second-factor-machine";

const entering = initialState([
  { id: "f1", name: "Phone" },
  { id: "f2", name: "Tablet" },
]);

describe("the second sign-in step", () => {
  it("starts on the first factor, asking for its code", () => {
    expect(entering).toEqual({ kind: "entering", factorId: "f1", error: null });
  });

  it("checks a 6-digit code (spaces allowed) and asks the component to verify it", () => {
    const next = step(entering, { type: "submit", code: "123 456", requestId: 1 });
    expect(next.state).toEqual({ kind: "checking", factorId: "f1", requestId: 1 });
    expect(next.effects).toEqual([{ type: "verify", factorId: "f1", code: "123456", requestId: 1 }]);
  });

  it("does not send anything that is not 6 digits, and says why", () => {
    for (const code of ["", "12345", "1234567", "abcdef"]) {
      const next = step(entering, { type: "submit", code, requestId: 1 });
      expect(next.effects).toEqual([]);
      expect(next.state).toMatchObject({ kind: "entering", error: "Enter the 6 digits your authenticator app shows." });
    }
  });

  it("is done when the answer to the current try is 'verified'", () => {
    const checking = step(entering, { type: "submit", code: "123456", requestId: 7 }).state;
    expect(step(checking, { type: "verified", requestId: 7 }).state).toEqual({ kind: "done" });
  });

  it("goes back to the code field with the reason when the code is refused", () => {
    const checking = step(entering, { type: "submit", code: "123456", requestId: 7 }).state;
    expect(step(checking, { type: "failed", requestId: 7, message: "That code is not right." }).state).toEqual({
      kind: "entering",
      factorId: "f1",
      error: "That code is not right.",
    });
  });

  it("drops an answer to an earlier try", () => {
    const checking: SecondFactorState = { kind: "checking", factorId: "f1", requestId: 8 };
    expect(step(checking, { type: "verified", requestId: 7 }).state).toBe(checking);
    expect(step(checking, { type: "failed", requestId: 7, message: "x" }).state).toBe(checking);
  });

  it("ignores a second submit while checking, and lets another factor be chosen only while entering", () => {
    const checking = step(entering, { type: "submit", code: "123456", requestId: 1 }).state;
    expect(step(checking, { type: "submit", code: "654321", requestId: 2 }).effects).toEqual([]);
    expect(step(checking, { type: "choose-factor", factorId: "f2" }).state).toBe(checking);
    expect(step(entering, { type: "choose-factor", factorId: "f2" }).state).toEqual({
      kind: "entering",
      factorId: "f2",
      error: null,
    });
  });

  it("words the server's refusals for a person", () => {
    expect(describeVerifyError({ code: "mfa_verification_failed", status: 422, message: "Invalid code" })).toMatch(
      /not right/,
    );
    expect(
      describeVerifyError({
        code: "over_request_rate_limit",
        status: 429,
        message: "Too many wrong codes. Try again in 30 seconds.",
      }),
    ).toBe("Too many wrong codes. Try again in 30 seconds.");
    expect(describeVerifyError({ code: "mfa_challenge_expired", status: 422, message: "expired" })).toMatch(/too long/);
  });
});

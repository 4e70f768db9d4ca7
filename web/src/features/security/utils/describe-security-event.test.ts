import { describe, expect, it } from "vitest";
import { describeSecurityEvent } from "./describe-security-event";

describe("the security log's words for a wrong password", () => {
  it("tells a wrong password given to delete the account from a failed sign-in, and marks both", () => {
    expect(describeSecurityEvent({ kind: "sign_in_failed", detail: { reason: "delete_account" } })).toEqual({
      text: "Wrong password given to delete the account",
      warning: true,
    });
    expect(describeSecurityEvent({ kind: "sign_in_failed", detail: { reason: "wrong_password" } })).toEqual({
      text: "Failed sign-in: wrong password",
      warning: true,
    });
  });
});

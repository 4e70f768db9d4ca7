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

describe("the security log's words for passkeys", () => {
  it("names the passkey that signed in, confirmed, was added, renamed or removed", () => {
    const text = (kind: string, detail: Record<string, string>) => describeSecurityEvent({ kind, detail }).text;
    expect(text("sign_in", { method: "passkey", factor: "Work laptop" })).toBe(
      "Signed in with a passkey “Work laptop”",
    );
    expect(text("passkey_used", { factor: "Work laptop" })).toBe("Confirmed it was you with passkey “Work laptop”");
    expect(text("factor_added", { factor: "Work laptop", type: "webauthn" })).toBe("Passkey “Work laptop” added");
    expect(text("factor_removed", { factor: "Work laptop", type: "webauthn" })).toBe("Passkey “Work laptop” removed");
    expect(text("factor_renamed", { factor: "Old laptop", from: "Work laptop", type: "webauthn" })).toBe(
      "Passkey “Work laptop” renamed to “Old laptop”",
    );
  });

  it("says why a passkey was refused, and marks refusals at sign-in (not while adding one) as a warning", () => {
    expect(
      describeSecurityEvent({
        kind: "passkey_rejected",
        detail: { reason: "counter", factor: "Key", while: "signing_in" },
      }),
    ).toEqual({
      text: "A passkey (“Key”) was refused: its use counter went backwards, as a copied passkey's does",
      warning: true,
    });
    expect(describeSecurityEvent({ kind: "passkey_rejected", detail: { reason: "unknown_credential" } })).toEqual({
      text: "A passkey was refused: it is not (or no longer) on your account",
      warning: true,
    });
    expect(
      describeSecurityEvent({ kind: "passkey_rejected", detail: { reason: "origin", factor: "Key", while: "adding" } })
        .warning,
    ).toBe(false);
  });
});

describe("the security log's words for notification devices", () => {
  it("names the device whose notifications were turned on or that was removed", () => {
    const text = (kind: string, detail: Record<string, string>) => describeSecurityEvent({ kind, detail }).text;
    expect(text("push_device_added", { device: "Ada's phone" })).toBe("Notifications turned on for “Ada's phone”");
    expect(text("push_device_removed", { device: "Ada's phone" })).toBe(
      "Notifications turned off for “Ada's phone” (device removed)",
    );
  });
});

import { describe, expect, it } from "vitest";
import {
  newPasswordField,
  PASSWORD_MAX_LENGTH,
  passwordProblem,
  passwordProblemMessage,
} from "@trigger-switch/contracts";

describe("the one password policy (web forms and auth server)", () => {
  it("takes 8 to 256 characters, counting code points", () => {
    expect(PASSWORD_MAX_LENGTH).toBe(256);
    expect(passwordProblem("")).toBe("missing");
    expect(passwordProblem("1234567")).toBe("too_short");
    expect(passwordProblem("12345678")).toBeNull();
    // 73 characters: the old web form refused it while the server took it.
    expect(passwordProblem("a".repeat(73))).toBeNull();
    expect(passwordProblem("a".repeat(256))).toBeNull();
    expect(passwordProblem("a".repeat(257))).toBe("too_long");
    expect(passwordProblem("🔑".repeat(8))).toBeNull();
  });

  it("gives the form and the server the same sentence", () => {
    expect(passwordProblemMessage("too_long")).toBe("Use at most 256 characters");
    const parsed = newPasswordField(10).safeParse("short pw");
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe("Use at least 10 characters");
  });
});

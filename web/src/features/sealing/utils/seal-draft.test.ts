import { describe, expect, it } from "vitest";
import { sealKept, sealOff, sealProblems } from "./seal-draft";

const strong = { ok: true as const, bits: 90 };
const weak = { ok: false as const, bits: 40, reason: "Too easy." };

describe("what stops sealing", () => {
  it("asks nothing of a message that is not sealed", () => {
    expect(sealProblems(sealOff(), null)).toEqual({});
  });

  it("needs a passphrase, the promise that recipients know it, and a hint without it", () => {
    const draft = { ...sealOff(), on: true };
    expect(sealProblems(draft, null)).toEqual({
      passphrase: "Choose a passphrase, or generate one.",
      told: "Confirm that each recipient knows the passphrase, or where to find it.",
    });
    const leaky = { ...draft, passphrase: "quartz lantern meadow", hint: "It is Quartz Lantern Meadow", told: true };
    expect(sealProblems(leaky, strong).hint).toMatch(/^The hint contains the passphrase\./);
  });

  it("refuses a weak typed passphrase with its reason, but not an unchanged generated one", () => {
    const typed = { ...sealOff(), on: true, passphrase: "abc", told: true };
    expect(sealProblems(typed, weak)).toEqual({ passphrase: "Too easy." });
    expect(sealProblems({ ...typed, generated: "abc" }, weak)).toEqual({});
    expect(sealProblems(sealKept("a b c d e f", "hint"), strong)).toEqual({});
  });
});

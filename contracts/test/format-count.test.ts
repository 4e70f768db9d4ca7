import { describe, expect, it, vi } from "vitest";
import { formatCount } from "@trigger-switch/contracts";

describe("formatCount", () => {
  it("writes a count as English does, without Intl", () => {
    for (const n of [0, 7, 999, 1000, 50_000, 100_000, 1_234_567, -1000, -999, 12.5, 1234.75, 10 ** 9]) {
      expect(formatCount(n)).toBe(n.toLocaleString("en", { maximumFractionDigits: 20 }));
    }
  });
});

describe("evaluating the contracts", () => {
  // Intl's first use loads the locale data on the main thread; a schema message worded with
  // toLocaleString would put it in the evaluation of every data page's code.
  it("uses no Intl: a page pays for it only when it formats something", async () => {
    const spies = [
      vi.spyOn(Intl, "DateTimeFormat"),
      vi.spyOn(Intl, "NumberFormat"),
      vi.spyOn(Intl, "Collator"),
      vi.spyOn(Intl, "PluralRules"),
      vi.spyOn(Number.prototype, "toLocaleString"),
      vi.spyOn(Date.prototype, "toLocaleString"),
    ];
    vi.resetModules();
    try {
      await import("../src/index.ts");
      for (const spy of spies) expect(spy).not.toHaveBeenCalled();
    } finally {
      vi.restoreAllMocks();
    }
  });
});

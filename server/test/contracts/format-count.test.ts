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
  // Intl's first use loads the locale data (50–80 ms of a phone's main thread, ×4 on a slow one);
  // a schema message worded with toLocaleString put it in the evaluation of every data page's code.
  it("uses no Intl: a page pays for it only when it formats something", async () => {
    const used: string[] = [];
    const trap = <T extends object>(owner: T, key: keyof T & string) => {
      const original = owner[key];
      vi.spyOn(owner, key as never).mockImplementation(((...args: unknown[]) => {
        used.push(key);
        return (original as (...a: unknown[]) => unknown).apply(owner, args);
      }) as never);
    };
    trap(Intl, "DateTimeFormat");
    trap(Intl, "NumberFormat");
    trap(Intl, "Collator");
    trap(Intl, "PluralRules");
    const toLocaleString = vi.spyOn(Number.prototype, "toLocaleString");
    const dateToLocale = vi.spyOn(Date.prototype, "toLocaleString");
    vi.resetModules();
    try {
      await import("../../../contracts/src/index.ts");
      expect(used).toEqual([]);
      expect(toLocaleString).not.toHaveBeenCalled();
      expect(dateToLocale).not.toHaveBeenCalled();
    } finally {
      vi.restoreAllMocks();
    }
  });
});

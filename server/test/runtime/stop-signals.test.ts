import { describe, expect, it } from "vitest";
import { createStopSignals, REPEAT_WINDOW_MS } from "../../src/runtime/stop-signals.ts";

describe("stop signals", () => {
  it("takes a signal repeated within the window (npm, a process group) as the same stop", () => {
    const verdict = createStopSignals();
    expect(verdict(10_000)).toBe("stop");
    expect(verdict(10_002)).toBe("same-stop");
    expect(verdict(10_000 + REPEAT_WINDOW_MS)).toBe("same-stop");
  });

  it("forces the exit only on a deliberate signal after the window", () => {
    const verdict = createStopSignals();
    verdict(0);
    verdict(5);
    expect(verdict(REPEAT_WINDOW_MS + 1)).toBe("force");
  });
});

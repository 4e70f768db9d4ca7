import { ENGINE_OUTAGE_THRESHOLD_MS, heartbeatHealth } from "@trigger-switch/contracts";
import { describe, expect, it } from "vitest";

describe("the engine's health from its heartbeat", () => {
  it("is running up to 30 s, late up to the outage threshold, and down past it", () => {
    expect(heartbeatHealth(30)).toBe("running");
    expect(heartbeatHealth(31)).toBe("late");
    expect(heartbeatHealth(ENGINE_OUTAGE_THRESHOLD_MS / 1000)).toBe("late");
    expect(heartbeatHealth(ENGINE_OUTAGE_THRESHOLD_MS / 1000 + 1)).toBe("down");
  });
});

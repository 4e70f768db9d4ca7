import { describe, expect, it } from "vitest";
import { sweepSessions } from "../../src/realtime/sweep-sessions.ts";

describe("the session sweep", () => {
  it("checks every socket once per interval, spread over it, never all at once", async () => {
    const items = Array.from({ length: 20 }, (_, i) => i);
    const checkedAt = new Map<number, number[]>();
    let inFlight = 0;
    let mostInFlight = 0;
    const controller = new AbortController();
    const started = performance.now();
    const sweeping = sweepSessions({
      items: () => items,
      check: async (item) => {
        inFlight += 1;
        mostInFlight = Math.max(mostInFlight, inFlight);
        checkedAt.set(item, [...(checkedAt.get(item) ?? []), performance.now() - started]);
        await new Promise((resolve) => setTimeout(resolve, 2));
        inFlight -= 1;
      },
      intervalMs: 400,
      signal: controller.signal,
    });
    // Until the first pass is through (400 ms when the machine is idle; a loaded CI machine delays
    // timers), then a little of the second.
    for (const until = performance.now() + 15_000; checkedAt.size < items.length && performance.now() < until;)
      await new Promise((resolve) => setTimeout(resolve, 20));
    await new Promise((resolve) => setTimeout(resolve, 100));
    controller.abort();
    await sweeping;
    // The first pass reached every item, in the order given, over the interval rather than in one tick.
    for (const item of items) expect(checkedAt.get(item)?.length, `item ${item}`).toBeGreaterThanOrEqual(1);
    const firstPass = items.map((item) => checkedAt.get(item)![0]!);
    expect(firstPass[19]! - firstPass[0]!).toBeGreaterThan(300);
    expect(mostInFlight).toBeLessThanOrEqual(2);
  });

  it("ends when stopped, and waits a whole interval when nobody is connected", async () => {
    const controller = new AbortController();
    let checks = 0;
    const sweeping = sweepSessions({
      items: () => [],
      check: async () => void (checks += 1),
      intervalMs: 60_000,
      signal: controller.signal,
    });
    controller.abort();
    await expect(sweeping).resolves.toBeUndefined();
    expect(checks).toBe(0);
  });
});

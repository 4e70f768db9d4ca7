import { afterEach, describe, expect, it, vi } from "vitest";
import { AFTER_LOAD_MS, whenIdle } from "./when-idle";

describe("whenIdle", () => {
  afterEach(() => vi.useRealTimers());

  it("runs once the loaded page is idle, and not at all when cancelled first", async () => {
    vi.useFakeTimers();
    const ran = vi.fn();
    const cancelled = vi.fn();
    whenIdle(ran);
    whenIdle(cancelled)();
    await vi.advanceTimersByTimeAsync(AFTER_LOAD_MS - 100);
    expect(ran).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(AFTER_LOAD_MS + 2000);
    expect(ran).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
  });

  it("waits for the page's load event while it is still loading", async () => {
    vi.useFakeTimers();
    const readyState = vi.spyOn(document, "readyState", "get").mockReturnValue("loading");
    const ran = vi.fn();
    whenIdle(ran);
    await vi.advanceTimersByTimeAsync(5000);
    expect(ran).not.toHaveBeenCalled();
    readyState.mockRestore();
    window.dispatchEvent(new Event("load"));
    await vi.advanceTimersByTimeAsync(AFTER_LOAD_MS + 2000);
    expect(ran).toHaveBeenCalledTimes(1);
  });
});

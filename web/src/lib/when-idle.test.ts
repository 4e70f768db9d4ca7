import { fireEvent } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AFTER_LOAD_MS, whenIdle, whenIdleOrFirst } from "./when-idle";

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

describe("whenIdleOrFirst", () => {
  afterEach(() => vi.useRealTimers());

  it("runs once, at the first of its events, and not again when the page goes idle", async () => {
    vi.useFakeTimers();
    const ran = vi.fn();
    whenIdleOrFirst(["pointerdown"], ran);
    fireEvent.pointerDown(document.body);
    fireEvent.pointerDown(document.body);
    await vi.advanceTimersByTimeAsync(AFTER_LOAD_MS + 2000);
    expect(ran).toHaveBeenCalledTimes(1);
  });

  it("runs once the page is idle without any event, and not at all when cancelled first", async () => {
    vi.useFakeTimers();
    const ran = vi.fn();
    const cancelled = vi.fn();
    whenIdleOrFirst(["pointerdown"], ran);
    whenIdleOrFirst(["pointerdown"], cancelled)();
    await vi.advanceTimersByTimeAsync(AFTER_LOAD_MS + 2000);
    expect(ran).toHaveBeenCalledTimes(1);
    fireEvent.pointerDown(document.body);
    expect(ran).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
  });
});

import { act, render, renderHook, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Countdown } from "../components/countdown";
import { countdownText } from "../utils/countdown-text";
import { nextChangeInMs, useTimeLeft } from "./use-time-left";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const start = new Date("2026-11-28T09:00:00Z");

beforeEach(() => vi.useFakeTimers({ now: start }));
afterEach(() => vi.useRealTimers());

/** Renders of the hook while `ms` of time pass (a second at a time, as a browser would render), and the last value. */
function rendersOver(deadline: Date, ms: number) {
  let renders = 0;
  const { result } = renderHook(() => {
    renders += 1;
    return useTimeLeft(deadline);
  });
  const before = renders;
  for (let passed = 0; passed < ms; passed += 1000) act(() => vi.advanceTimersByTime(1000));
  return { renders: renders - before, left: result.current };
}

describe("a countdown's ticks", () => {
  it("wakes on the minute while more than an hour is left, and every second in the last hour", () => {
    expect(nextChangeInMs(10 * HOUR + 19 * MINUTE + 48_000)).toBe(48_005);
    expect(nextChangeInMs(2 * HOUR)).toBe(MINUTE + 5);
    expect(nextChangeInMs(42 * MINUTE + 5_300)).toBe(305);
    expect(nextChangeInMs(HOUR + 500)).toBe(505);
  });

  it("renders a distant deadline once a minute, not every second", () => {
    const { renders, left } = rendersOver(new Date(start.getTime() + 3 * HOUR + 30_000), 5 * MINUTE);
    expect(renders).toBe(5);
    // Read on the minute, so the wording is exact: 2 h 55 min 30 s left reads "2 h 55 min left".
    expect(countdownText(left)).toBe(countdownText(3 * HOUR + 30_000 - 5 * MINUTE));
  });

  it("renders every second in the last hour and stops once the deadline has passed", () => {
    const deadline = new Date(start.getTime() + 10_000);
    const { renders, left } = rendersOver(deadline, 60_000);
    expect(renders).toBe(10);
    expect(countdownText(left)).toBe("Due now");
    expect(vi.getTimerCount()).toBe(0);
  });

  it("stops in a hidden tab and catches up when it is shown again", () => {
    const hidden = vi.spyOn(document, "hidden", "get").mockReturnValue(false);
    const { result } = renderHook(() => useTimeLeft(new Date(start.getTime() + 30 * MINUTE)));
    hidden.mockReturnValue(true);
    act(() => void document.dispatchEvent(new Event("visibilitychange")));
    expect(vi.getTimerCount()).toBe(0);
    act(() => vi.advanceTimersByTime(10 * MINUTE));
    expect(result.current).toBe(30 * MINUTE);
    hidden.mockReturnValue(false);
    act(() => void document.dispatchEvent(new Event("visibilitychange")));
    expect(result.current).toBe(20 * MINUTE);
  });
});

describe("the countdown line", () => {
  it("reads the time left, turns urgent in the last hour, and says once that the deadline passed", () => {
    const onPassed = vi.fn();
    render(<Countdown deadline={new Date(start.getTime() + HOUR + 30_000)} onPassed={onPassed} />);
    const timer = screen.getByRole("timer", { name: "Time left: 1 hour 1 minute" });
    expect(timer).toHaveTextContent("1 h 0 min left");
    expect(timer).not.toHaveClass("text-destructive");

    act(() => vi.advanceTimersByTime(31_000));
    expect(timer).toHaveTextContent("59 min 59 s left");
    expect(timer).toHaveClass("text-destructive");
    expect(onPassed).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(HOUR));
    expect(timer).toHaveTextContent("Due now");
    expect(onPassed).toHaveBeenCalledTimes(1);
  });
});

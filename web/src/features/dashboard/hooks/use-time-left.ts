import { useEffect, useState } from "react";
import { whileVisible } from "@/lib/while-visible";

const HOUR_MS = 3_600_000;

/**
 * How long a countdown waits before its wording can change: in the last hour it shows seconds;
 * before that minutes at most ("10 h 19 min left"), so one wake-up a minute, on the minute, keeps
 * it exact (countdown-text.ts changes both its text and its spoken words only there).
 */
export function nextChangeInMs(msLeft: number): number {
  const step = msLeft > HOUR_MS ? 60_000 : 1000;
  // Just past the boundary, so the new value is the one read.
  return (msLeft % step || step) + 5;
}

/**
 * The milliseconds left until `deadline`, re-read exactly when a countdown's wording changes while
 * the tab is visible. A hidden tab stops (browsers throttle it anyway) and catches up when shown.
 */
export function useTimeLeft(deadline: Date): number {
  const at = deadline.getTime();
  const [now, setNow] = useState(() => Date.now());
  useEffect(
    () =>
      whileVisible(() => {
        let timer: ReturnType<typeof setTimeout> | undefined;
        const tick = () => {
          const current = Date.now();
          setNow(current);
          if (at > current) timer = setTimeout(tick, nextChangeInMs(at - current));
        };
        tick();
        return () => clearTimeout(timer);
      }),
    [at],
  );
  return at - now;
}

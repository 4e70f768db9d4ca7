import { useEffect, useState } from "react";
import { whileVisible } from "@/lib/while-visible";

/**
 * The current time, re-read every `intervalMs` (default 1000) while the tab is visible. A hidden
 * tab stops ticking (browsers throttle it anyway) and catches up at once when shown again.
 */
export function useNow(intervalMs = 1000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(
    () =>
      whileVisible(() => {
        setNow(new Date());
        const timer = setInterval(() => setNow(new Date()), intervalMs);
        return () => clearInterval(timer);
      }),
    [intervalMs],
  );
  return now;
}

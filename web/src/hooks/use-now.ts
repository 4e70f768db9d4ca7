import { useEffect, useState } from "react";

/**
 * The current time, re-read every `intervalMs` (default 1000) while the tab is visible. A hidden
 * tab stops ticking (browsers throttle it anyway) and catches up at once when shown again.
 */
export function useNow(intervalMs = 1000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    let timer: ReturnType<typeof setInterval> | undefined;
    const start = () => {
      if (timer !== undefined) return;
      setNow(new Date());
      timer = setInterval(() => setNow(new Date()), intervalMs);
    };
    const stop = () => {
      clearInterval(timer);
      timer = undefined;
    };
    const onVisibility = () => (document.hidden ? stop() : start());
    onVisibility();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      stop();
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [intervalMs]);
  return now;
}

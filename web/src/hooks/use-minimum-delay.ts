import { useEffect, useState } from "react";

/** Turns true `ms` after `ready` first turns true, so a loading screen never just flickers. */
export function useMinimumDelay(ready: boolean, ms: number): boolean {
  const [elapsed, setElapsed] = useState(false);
  useEffect(() => {
    if (!ready || elapsed) return;
    const timer = setTimeout(() => setElapsed(true), ms);
    return () => clearTimeout(timer);
  }, [ready, elapsed, ms]);
  return elapsed;
}

import { useEffect, useState } from "react";

/** The current time, refreshed every `everyMs`, so "4 minutes ago" stays true while the page is open. */
export function useNow(everyMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

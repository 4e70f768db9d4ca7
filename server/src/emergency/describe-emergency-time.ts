/** "Sunday 1 March 2026 at 14:03:12 UTC": unambiguous for a reader anywhere (no local zone guessed). */
export function describeEmergencyTime(at: Date): string {
  const date = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", weekday: "long", day: "numeric", month: "long", year: "numeric" }).format(at);
  const time = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" }).format(at);
  // en-GB writes "Sunday, 1 March 2026"; the comma adds nothing.
  return `${date.replace(",", "")} at ${time} UTC`;
}

/** "40 seconds", "3 minutes": how long before the press a position was captured. */
export function describeAge(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 90) return s === 1 ? "1 second" : `${s} seconds`;
  const m = Math.round(s / 60);
  return `${m} minutes`;
}

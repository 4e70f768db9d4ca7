/** "40 seconds", "3 minutes": how long before the press a position was captured. */
export function describeAge(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 90) return s === 1 ? "1 second" : `${s} seconds`;
  const m = Math.round(s / 60);
  return `${m} minutes`;
}

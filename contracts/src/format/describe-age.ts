/**
 * "40 seconds", "3 minutes": how long before an emergency its position was captured. One wording
 * for the recipient's mail (server) and the owner's notices (web), so both say the same age.
 */
export function describeAge(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 90) return s === 1 ? "1 second" : `${s} seconds`;
  const m = Math.round(s / 60);
  return `${m} minutes`;
}

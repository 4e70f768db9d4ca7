/** "12 seconds", "4 minutes", "3 hours", "2 days": rounded down, for people rather than logs. */
export function plainDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  if (s < 90) return unit(s, "second");
  if (s < 90 * 60) return unit(Math.floor(s / 60), "minute");
  if (s < 36 * 3600) return unit(Math.floor(s / 3600), "hour");
  return unit(Math.floor(s / 86400), "day");
}

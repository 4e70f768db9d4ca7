/** "2 days 4 hours", "1 hour 30 minutes", "5 minutes". */
export function formatDuration(totalMinutes: number): string {
  const days = Math.floor(totalMinutes / 1440);
  const hours = Math.floor((totalMinutes % 1440) / 60);
  const minutes = totalMinutes % 60;
  const part = (n: number, unit: string) => (n === 0 ? null : `${n} ${unit}${n === 1 ? "" : "s"}`);
  return [part(days, "day"), part(hours, "hour"), part(minutes, "minute")].filter(Boolean).join(" ") || "0 minutes";
}

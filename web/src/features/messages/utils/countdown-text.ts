/** "2d 03:12:45", "03:12:45" or "00:00:09" until the deadline; "00:00:00" once it has passed. */
export function countdownText(msLeft: number): string {
  const total = Math.max(0, Math.floor(msLeft / 1000));
  const days = Math.floor(total / 86_400);
  const pad = (n: number) => String(n).padStart(2, "0");
  const clock = `${pad(Math.floor((total % 86_400) / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
  return days > 0 ? `${days}d ${clock}` : clock;
}

/** The same, as words for screen readers: "2 days 3 hours 12 minutes". */
export function countdownWords(msLeft: number): string {
  const minutes = Math.max(0, Math.ceil(msLeft / 60_000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  const part = (n: number, unit: string) => (n === 0 ? null : `${n} ${unit}${n === 1 ? "" : "s"}`);
  return [part(days, "day"), part(hours, "hour"), part(rest, "minute")].filter(Boolean).join(" ") || "less than a minute";
}

/**
 * The time left until a deadline, in units a worried person cannot misread as a time of day
 * ("10 h 19 min left"): days and hours beyond a day, hours and minutes beyond an hour, minutes
 * and seconds in the last hour (when every second counts), "Due now" once it has passed.
 */
export function countdownText(msLeft: number): string {
  const total = Math.floor(msLeft / 1000);
  if (total <= 0) return "Due now";
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  if (days > 0) return `${days} ${days === 1 ? "day" : "days"}${hours > 0 ? ` ${hours} h` : ""} left`;
  if (hours > 0) return `${hours} h ${minutes} min left`;
  if (minutes > 0) return `${minutes} min ${seconds} s left`;
  return `${seconds} s left`;
}

/** The same in full words for screen readers: "2 days 3 hours 12 minutes". */
export function countdownWords(msLeft: number): string {
  const minutes = Math.max(0, Math.ceil(msLeft / 60_000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  const part = (n: number, unit: string) => (n === 0 ? null : `${n} ${unit}${n === 1 ? "" : "s"}`);
  return (
    [part(days, "day"), part(hours, "hour"), part(rest, "minute")].filter(Boolean).join(" ") || "less than a minute"
  );
}

import { dateParts as partsOf, formatDateTime } from "@/lib/format-date-time";

export { formatDateTime };

const dayNumber = (p: Record<string, string>) => Date.UTC(Number(p.year), monthIndex(p.month ?? ""), Number(p.day)) / 86_400_000;
const monthIndex = (short: string) => ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"].indexOf(short.slice(0, 3));

/**
 * "Tue 14:00" within six days of now, else "Tue 10 Mar 14:00" (with the year when it differs):
 * the same words as the contracts' describeCondition, so a reminder and the sentence above it match.
 */
export function formatWhen(date: Date, now: Date, timeZone: string): string {
  const p = partsOf(date, timeZone);
  const n = partsOf(now, timeZone);
  const time = `${p.weekday} ${p.hour}:${p.minute}`;
  if (Math.abs(dayNumber(p) - dayNumber(n)) <= 6) return time;
  return `${p.weekday} ${p.day} ${p.month}${p.year === n.year ? "" : ` ${p.year}`} ${p.hour}:${p.minute}`;
}

/** The local wall time of an instant as a datetime-local input value ("2026-03-10T14:00"). */
export function toLocalInputValue(date: Date, timeZone: string): string {
  const p = partsOf(date, timeZone);
  const month = String(monthIndex(p.month ?? "") + 1).padStart(2, "0");
  return `${p.year}-${month}-${String(p.day).padStart(2, "0")}T${p.hour}:${p.minute}`;
}

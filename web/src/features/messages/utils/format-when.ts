import { dateParts as partsOf, formatDateTime, formatWhen } from "@/lib/format-date-time";

export { formatDateTime, formatWhen };

const monthIndex = (short: string) => ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"].indexOf(short.slice(0, 3));

/** The local wall time of an instant as a datetime-local input value ("2026-03-10T14:00"). */
export function toLocalInputValue(date: Date, timeZone: string): string {
  const p = partsOf(date, timeZone);
  const month = String(monthIndex(p.month ?? "") + 1).padStart(2, "0");
  return `${p.year}-${month}-${String(p.day).padStart(2, "0")}T${p.hour}:${p.minute}`;
}

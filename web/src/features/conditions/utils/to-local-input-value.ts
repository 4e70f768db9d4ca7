import { wallParts } from "@trigger-switch/contracts";

const monthIndex = (short: string) =>
  ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"].indexOf(short.slice(0, 3));
const pad = (n: number | string) => String(n).padStart(2, "0");

/** The local wall time of an instant as a datetime-local input value ("2026-03-10T14:00"). */
export function toLocalInputValue(date: Date, timeZone: string): string {
  const p = wallParts(date, timeZone);
  return `${p.year}-${pad(monthIndex(p.month) + 1)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

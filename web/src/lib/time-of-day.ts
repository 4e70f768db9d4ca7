/** A wall-clock time of day, 24-hour numbers. */
export interface ClockTime {
  hour: number;
  minute: number;
}

/** "09:05" → { hour: 9, minute: 5 }; anything else (an empty field) → null. */
export function parseTimeOfDay(value: string): ClockTime | null {
  const match = /^(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  return hour < 24 && minute < 60 ? { hour, minute } : null;
}

/** { hour: 9, minute: 5 } → "09:05", the form the schedule stores. */
export function timeOfDayValue({ hour, minute }: ClockTime): string {
  return `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
}

export interface Choice {
  value: string;
  label: string;
}

/**
 * The hour picker's choices in the reader's hour cycle, worded like every time the app writes
 * (contracts' formatClock): "00" … "23", or "12" "1" … "11" with AM/PM chosen apart. The value is
 * the 24-hour number for a 24-hour clock, the 12-hour one for a 12-hour clock.
 */
export function hourChoices(twelveHour: boolean): Choice[] {
  if (!twelveHour)
    return Array.from({ length: 24 }, (_, hour) => ({ value: String(hour), label: String(hour).padStart(2, "0") }));
  return [12, ...Array.from({ length: 11 }, (_, i) => i + 1)].map((hour) => ({
    value: String(hour),
    label: String(hour),
  }));
}

/** "00" … "59". */
export const MINUTE_CHOICES: Choice[] = Array.from({ length: 60 }, (_, minute) => ({
  value: String(minute),
  label: String(minute).padStart(2, "0"),
}));

/** 12-hour clock: which choice shows a 24-hour hour ("PM" and 2 for 14). */
export function toTwelveHour(hour: number): { hour: number; period: "AM" | "PM" } {
  return { hour: hour % 12 === 0 ? 12 : hour % 12, period: hour < 12 ? "AM" : "PM" };
}

/** 12-hour clock: the 24-hour hour of a choice (12 AM is 0, 12 PM is 12). */
export function fromTwelveHour(hour: number, period: "AM" | "PM"): number {
  return (hour % 12) + (period === "PM" ? 12 : 0);
}

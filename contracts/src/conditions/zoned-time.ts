/**
 * Wall-clock ↔ instant conversion through an IANA time zone, with Intl only (full ICU in Node 20
 * and browsers). Everything else in the condition rules works on UTC instants.
 */

export interface LocalDate {
  year: number;
  month: number; // 1–12
  day: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** True for a name Intl knows (e.g. "Europe/London", "UTC"). */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The local calendar fields of an instant in a zone. */
export function localParts(instantMs: number, timeZone: string) {
  const parts: Record<string, number> = {};
  for (const p of formatterFor(timeZone).formatToParts(new Date(instantMs))) {
    if (p.type !== "literal") parts[p.type] = Number(p.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** Offset of the zone from UTC at an instant, in ms (London summer: +3 600 000). */
export function zoneOffsetMs(instantMs: number, timeZone: string): number {
  const whole = Math.floor(instantMs / 1000) * 1000;
  const p = localParts(whole, timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - whole;
}

/**
 * The instant at which the zone's clocks show `date` `hour:minute`.
 * - In a fold (clocks go back, the time happens twice) the FIRST instant is taken.
 * - In a gap (clocks go forward, the time never happens) the first instant after the gap is
 *   taken, i.e. the moment of the change (London 01:30 on 29 Mar 2026 → 02:00 BST = 01:00 UTC).
 * Mirrored in PL/pgSQL as ts_zoned_wall_time (server/src/db/migrations/0013_checkin.sql), held to
 * the same answers by server/test/engine/check-in-statement.test.ts.
 */
export function zonedWallTimeToInstant(date: LocalDate, hour: number, minute: number, timeZone: string): number {
  const wall = Date.UTC(date.year, date.month - 1, date.day, hour, minute);
  const day = 86_400_000;
  const before = zoneOffsetMs(wall - day, timeZone);
  const after = zoneOffsetMs(wall + day, timeZone);
  const candidates = [...new Set([before, after])]
    .map((offset) => wall - offset)
    .filter((instant) => wall - zoneOffsetMs(instant, timeZone) === instant)
    .sort((a, b) => a - b);
  if (candidates.length > 0) return candidates[0]!;
  // In the gap: the change happens somewhere in (wall − after, wall − before]; find it to the ms.
  let lo = wall - after;
  let hi = wall - before;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (zoneOffsetMs(mid, timeZone) === after) hi = mid;
    else lo = mid;
  }
  return hi;
}

/** The local calendar date of an instant in a zone. */
export function localDateOf(instantMs: number, timeZone: string): LocalDate {
  const { year, month, day } = localParts(instantMs, timeZone);
  return { year, month, day };
}

/** Calendar arithmetic on dates (no zone involved: a date is a label, not an instant). */
export function addDays(date: LocalDate, days: number): LocalDate {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

export function daysBetween(from: LocalDate, to: LocalDate): number {
  return Math.round(
    (Date.UTC(to.year, to.month - 1, to.day) - Date.UTC(from.year, from.month - 1, from.day)) / 86_400_000,
  );
}

/** ISO weekday of a date: 1 = Monday … 7 = Sunday. */
export function isoWeekday(date: LocalDate): number {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
  return d === 0 ? 7 : d;
}

export function parseLocalDate(iso: string): LocalDate {
  const [year, month, day] = iso.split("-").map(Number);
  return { year: year!, month: month!, day: day! };
}

export function parseHhMm(hhmm: string): { hour: number; minute: number } {
  const [hour, minute] = hhmm.split(":").map(Number);
  return { hour: hour!, minute: minute! };
}

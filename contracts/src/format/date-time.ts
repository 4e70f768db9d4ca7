import { daysBetween, localDateOf } from "../conditions/zoned-time.ts";

/**
 * The one way the product writes an instant or a time of day (docs/decisions/025-what-the-owner-reads.md): English words
 * ("Tue 10 Mar"), in the owner's time zone, with the hour cycle of the reader's locale: "14:00"
 * for en-GB, de, fr…, "2:00 PM" for en-US. The web passes the browser's language, so every
 * sentence agrees with the page's own time pickers (the recurring "Check in by" selects); the
 * server, which has no reader's locale, writes mail in DEFAULT_DISPLAY_LOCALE.
 */
export const DEFAULT_DISPLAY_LOCALE = "en-GB";

export interface DisplayOptions {
  timeZone: string;
  /** A BCP 47 tag (navigator.language); only its hour cycle is used. Default: DEFAULT_DISPLAY_LOCALE. */
  locale?: string;
}

const hourCycles = new Map<string, boolean>();

/** Whether the locale writes times on a 12-hour clock ("2:00 PM"). Unknown tags read as 24-hour. */
export function uses12HourClock(locale: string = DEFAULT_DISPLAY_LOCALE): boolean {
  let twelve = hourCycles.get(locale);
  if (twelve === undefined) {
    try {
      const cycle = new Intl.DateTimeFormat(locale, { hour: "numeric" }).resolvedOptions().hourCycle;
      twelve = cycle === "h12" || cycle === "h11";
    } catch {
      twelve = false;
    }
    hourCycles.set(locale, twelve);
  }
  return twelve;
}

/** "14:05" or "2:05 PM" for a wall-clock hour and minute. */
export function formatClock(hour: number, minute: number, locale?: string): string {
  const mm = String(minute).padStart(2, "0");
  if (!uses12HourClock(locale)) return `${String(hour).padStart(2, "0")}:${mm}`;
  return `${hour % 12 === 0 ? 12 : hour % 12}:${mm} ${hour < 12 ? "AM" : "PM"}`;
}

/** A stored "HH:MM" time of day (a recurring schedule's `at`) in the reader's clock. */
export function formatTimeOfDay(hhmm: string, locale?: string): string {
  const [h, m] = hhmm.split(":").map(Number);
  return Number.isInteger(h) && Number.isInteger(m) ? formatClock(h!, m!, locale) : hhmm;
}

const partFormatters = new Map<string, Intl.DateTimeFormat>();

type WallParts = Readonly<{ weekday: string; day: string; month: string; year: string; hour: number; minute: number }>;

/**
 * Parts already worked out, by zone and minute: formatToParts is the costly step, and a burst of
 * notices words the same few minutes thousands of times. Only from 1980 on, when every zone's
 * offset is whole minutes, so one minute has one answer; cleared when it grows past a bound.
 */
const partsByMinute = new Map<string, WallParts>();
const MEMO_FROM_MS = Date.UTC(1980, 0, 1);
const MEMO_MAX = 4096;

/** The wall-clock parts of an instant in `timeZone`, English names ("Tue", "Mar"), 24-hour numbers. */
export function wallParts(date: Date, timeZone: string): WallParts {
  const ms = date.getTime();
  if (!(ms >= MEMO_FROM_MS)) return formatParts(date, timeZone);
  const key = `${timeZone} ${Math.floor(ms / 60_000)}`;
  let parts = partsByMinute.get(key);
  if (!parts) {
    if (partsByMinute.size >= MEMO_MAX) partsByMinute.clear();
    parts = Object.freeze(formatParts(date, timeZone));
    partsByMinute.set(key, parts);
  }
  return parts;
}

function formatParts(date: Date, timeZone: string): WallParts {
  let f = partFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      weekday: "short",
      day: "numeric",
      month: "short",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    partFormatters.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(date).map((x) => [x.type, x.value]));
  return {
    weekday: p.weekday ?? "",
    day: p.day ?? "",
    month: p.month ?? "",
    year: p.year ?? "",
    hour: Number(p.hour),
    minute: Number(p.minute),
  };
}

/** "Tue 10 Mar 2026, 14:00" where the full date matters (history, releases, access links). */
export function formatDateTime(date: Date, { timeZone, locale }: DisplayOptions): string {
  const p = wallParts(date, timeZone);
  return `${p.weekday} ${p.day} ${p.month} ${p.year}, ${formatClock(p.hour, p.minute, locale)}`;
}

/**
 * "Tue 14:00" today or the next (or previous) day, else "Tue 10 Mar 14:00", adding the year when
 * it differs: how a deadline or a reminder reads in a sentence. A weekday alone is only clear that
 * close; "Sat 18:30" six days ahead reads as this coming Saturday or the next.
 */
export function formatInstant(date: Date, now: Date, { timeZone, locale }: DisplayOptions): string {
  const p = wallParts(date, timeZone);
  const clock = formatClock(p.hour, p.minute, locale);
  const days = Math.abs(daysBetween(localDateOf(now.getTime(), timeZone), localDateOf(date.getTime(), timeZone)));
  if (days <= 1) return `${p.weekday} ${clock}`;
  const sameYear = localDateOf(now.getTime(), timeZone).year === localDateOf(date.getTime(), timeZone).year;
  return `${p.weekday} ${p.day} ${p.month}${sameYear ? "" : ` ${p.year}`} ${clock}`;
}

/**
 * "Tue 3 Mar, 14:00 (UTC)" or "… (Europe/London time)": an instant in a mail or a phone message,
 * which may be read anywhere, so the zone is named. The server has no reader's locale: 24-hour.
 */
export function formatMailWhen(date: Date, timeZone: string): string {
  const p = wallParts(date, timeZone);
  return `${p.weekday} ${p.day} ${p.month}, ${formatClock(p.hour, p.minute)} (${timeZone === "UTC" ? "UTC" : `${timeZone} time`})`;
}

// Built on first use: the first Intl formatter of a page loads the browser's locale data, which a
// page that never shows an emergency's moment should not pay for.
let longUtc: { date: Intl.DateTimeFormat; time: Intl.DateTimeFormat } | null = null;

/** "Sunday 1 March 2026 at 14:03:12 UTC": an emergency's moment, unambiguous for a reader anywhere (no zone guessed). */
export function formatUtcMoment(date: Date): string {
  longUtc ??= {
    date: new Intl.DateTimeFormat("en-GB", {
      timeZone: "UTC",
      weekday: "long",
      day: "numeric",
      month: "long",
      year: "numeric",
    }),
    time: new Intl.DateTimeFormat("en-GB", {
      timeZone: "UTC",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    }),
  };
  // en-GB writes "Sunday, 1 March 2026"; the comma adds nothing.
  return `${longUtc.date.format(date).replace(",", "")} at ${longUtc.time.format(date)} UTC`;
}

import { formatDateTime as formatForReader, formatInstant, DEFAULT_DISPLAY_LOCALE } from "@trigger-switch/contracts";

/**
 * The reader's locale, for the 12- or 24-hour clock of every time the app shows (the contracts'
 * format/date-time.ts writes them; docs/decisions/025). The browser's language is also what its own
 * time inputs follow, so "Check in by" and the sentences about it agree.
 */
export function userLocale(): string {
  return (typeof navigator !== "undefined" && navigator.language) || DEFAULT_DISPLAY_LOCALE;
}

/** "Tue 10 Mar 2026, 14:00" (or "2:00 PM") for places where the full date matters (history, releases, access links). */
export function formatDateTime(date: Date, timeZone: string): string {
  return formatForReader(date, { timeZone, locale: userLocale() });
}

/** "Tue 14:00" within a day of now, else "Tue 10 Mar 14:00": the words of the condition sentences. */
export function formatWhen(date: Date, now: Date, timeZone: string): string {
  return formatInstant(date, now, { timeZone, locale: userLocale() });
}

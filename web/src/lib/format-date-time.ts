const formatters = new Map<string, Intl.DateTimeFormat>();

/** The parts of an instant's wall time in `timeZone` (en-GB names: "Tue", "Mar"). */
export function dateParts(date: Date, timeZone: string): Record<string, string> {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      weekday: "short",
      day: "numeric",
      month: "short",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    formatters.set(timeZone, formatter);
  }
  return Object.fromEntries(formatter.formatToParts(date).map((part) => [part.type, part.value]));
}

/** "Tue 10 Mar 2026, 14:00" for places where the full date matters (history, releases, access links). */
export function formatDateTime(date: Date, timeZone: string): string {
  const p = dateParts(date, timeZone);
  return `${p.weekday} ${p.day} ${p.month} ${p.year}, ${p.hour}:${p.minute}`;
}

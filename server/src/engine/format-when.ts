// One formatter per zone: building an Intl.DateTimeFormat costs far more than using one (a burst formats one a mail).
const formatters = new Map<string, Intl.DateTimeFormat>();

/** "Tue 3 Mar, 14:00 (UTC)": a deadline as the owner reads it in a mail. */
export function formatWhen(at: Date, timeZone: string): string {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", { timeZone, weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
    formatters.set(timeZone, format);
  }
  return `${format.format(at)} (${timeZone === "UTC" ? "UTC" : `${timeZone} time`})`;
}

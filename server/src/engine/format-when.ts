/** "Tue 3 Mar, 14:00 (UTC)": a deadline as the owner reads it in a mail. */
export function formatWhen(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone, weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(at);
  return `${parts} (${timeZone === "UTC" ? "UTC" : `${timeZone} time`})`;
}

/** "just now", "4 minutes ago", "2 hours ago", "3 days ago": how old a position or an alert is, in words. */
export function howLongAgo(then: Date, now: Date): string {
  const minutes = Math.floor((now.getTime() - then.getTime()) / 60_000);
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? "" : "s"} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} hour${hours === 1 ? "" : "s"} ago`;
  const days = Math.floor(hours / 24);
  return `${days} days ago`;
}

/** "about 12 m" / "about 1.2 km": the device's stated accuracy, rounded as a person would say it. */
export function accuracyText(metres: number): string {
  if (metres < 1000) return `about ${Math.max(1, Math.round(metres))}\u00a0m`;
  return `about ${(metres / 1000).toFixed(metres < 10_000 ? 1 : 0)}\u00a0km`;
}

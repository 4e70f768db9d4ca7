/** The owner's IANA time zone as the browser knows it (e.g. "Europe/London"); "UTC" if unknown. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

/** `?tz=…` for /api calls that word condition summaries in the owner's zone. */
export function withTimeZone(path: string): string {
  return `${path}${path.includes("?") ? "&" : "?"}tz=${encodeURIComponent(browserTimeZone())}`;
}

/** The IANA time zone the browser runs in (e.g. "Europe/London"); "UTC" if unknown. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

/**
 * The owner's zone: the one their profile names — the engine reads recurring check-in times in it
 * and the reminder mails write it — else, until they choose one, the browser's. Every time of the
 * owner's messages and conditions is shown and entered in this one zone.
 */
export function ownerTimeZone(profileZone: string | null | undefined): string {
  // The server accepts only IANA names for the profile's zone (contracts' timeZoneSchema).
  return profileZone || browserTimeZone();
}

/** `?tz=…` for /api calls that word condition summaries in the owner's zone (ownerTimeZone). */
export function withTimeZone(path: string, zone: string): string {
  return `${path}${path.includes("?") ? "&" : "?"}tz=${encodeURIComponent(zone)}`;
}

// Free of the app's code and the schemas: the entry imports this through app/first-requests.ts.

/** Where the zone the owner's pages last used is kept, for the next visit's first requests. */
export const REMEMBERED_TIME_ZONE_KEY = "trigger-switch-time-zone";

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
 * owner's messages and conditions is shown and entered in this one zone. Remembered for the next
 * visit's first requests (app/first-requests.ts).
 */
export function ownerTimeZone(profileZone: string | null | undefined): string {
  // The server accepts only IANA names for the profile's zone (contracts' timeZoneSchema).
  const zone = profileZone || browserTimeZone();
  try {
    if (localStorage.getItem(REMEMBERED_TIME_ZONE_KEY) !== zone) localStorage.setItem(REMEMBERED_TIME_ZONE_KEY, zone);
  } catch {
    // Storage refused: the next visit's first requests simply go without the zone-worded ones.
  }
  return zone;
}

/**
 * The zone the owner's pages used on an earlier visit, read without Intl: Intl's first use on a page
 * loads the browser's locale data (50–80 ms of main thread on the test machine), which the entry
 * must not spend before the first paint. A request worded in it is taken by the page only if the
 * zone is still the same (app/first-requests.ts).
 */
export function rememberedTimeZone(): string | null {
  try {
    return localStorage.getItem(REMEMBERED_TIME_ZONE_KEY);
  } catch {
    return null;
  }
}

/** `?tz=…` for /api calls that word condition summaries in the owner's zone (ownerTimeZone). */
export function withTimeZone(path: string, zone: string): string {
  return `${path}${path.includes("?") ? "&" : "?"}tz=${encodeURIComponent(zone)}`;
}

/** Where the zone the browser last reported is kept, for the next visit's first requests. */
export const REMEMBERED_TIME_ZONE_KEY = "trigger-switch-time-zone";

/** The owner's IANA time zone as the browser knows it (e.g. "Europe/London"); "UTC" if unknown. */
export function browserTimeZone(): string {
  let zone: string;
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    zone = "UTC";
  }
  try {
    if (localStorage.getItem(REMEMBERED_TIME_ZONE_KEY) !== zone) localStorage.setItem(REMEMBERED_TIME_ZONE_KEY, zone);
  } catch {
    // Storage refused: the next visit's first requests simply go without the zone-worded ones.
  }
  return zone;
}

/**
 * The zone the browser reported on an earlier visit, read without Intl: Intl's first use on a page
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

/** `?tz=…` for /api calls that word condition summaries in the owner's zone. */
export function withTimeZone(path: string, zone = browserTimeZone()): string {
  return `${path}${path.includes("?") ? "&" : "?"}tz=${encodeURIComponent(zone)}`;
}

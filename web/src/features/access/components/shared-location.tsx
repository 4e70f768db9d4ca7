import { MapPin } from "lucide-react";
import { lazy, Suspense } from "react";
import { formatDateTime } from "@/lib/format-date-time";
import type { OpenMessage } from "../api/get-released-message";
import { accuracyText, howLongAgo } from "../utils/how-long-ago";

// Mapbox GL JS is large: it loads only on this page, only when a map is offered
// (docs/decisions/024-one-transaction-save-owner-releases-access-page.md).
const LocationMap = lazy(() => import("./location-map"));

type Location = NonNullable<OpenMessage["location"]>;

/**
 * Where the sender was: the place's name, how old and how precise the position is, a map when the
 * server offers one (MAPBOX_TOKEN), and always a plain link to OpenStreetMap.
 */
export function SharedLocation({
  location,
  map,
  emergency,
  now,
  timeZone,
}: {
  location: Location;
  map: OpenMessage["map"];
  emergency: boolean;
  now: Date;
  timeZone: string;
}) {
  const { latitude, longitude, name, located_at, accuracy_m } = location;
  const point = latitude !== null && longitude !== null ? { latitude, longitude } : null;
  if (!point && !name) return null;
  return (
    <section
      aria-labelledby="location-heading"
      className="flex flex-col gap-3 rounded-lg border bg-card px-4 py-3 text-sm"
    >
      <div className="flex items-start gap-3">
        <MapPin className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
        <div className="flex min-w-0 flex-col gap-1">
          <h2 id="location-heading" className="font-medium break-words">
            {name
              ? `${emergency ? "Position" : "Location shared"}: ${name}`
              : emergency
                ? "Their position"
                : "A location was shared with this message"}
          </h2>
          <p className="text-muted-foreground">{positionFacts(located_at, accuracy_m, now, timeZone)}</p>
        </div>
      </div>
      {point && map && (
        <Suspense
          fallback={
            <div className="h-64 w-full animate-pulse rounded-md bg-muted sm:h-80" aria-label="Loading the map" />
          }
        >
          <LocationMap
            {...point}
            accuracyM={accuracy_m}
            token={map.token}
            apiUrl={map.api_url}
            label={name ?? "The shared position"}
          />
        </Suspense>
      )}
      {point && (
        // noreferrer: the page's address holds the access token, which must not reach the map site.
        <a
          className="text-primary underline-offset-4 hover:underline"
          href={`https://www.openstreetmap.org/?mlat=${point.latitude}&mlon=${point.longitude}#map=16/${point.latitude}/${point.longitude}`}
          target="_blank"
          rel="noreferrer noopener"
        >
          Open the location on a map ({point.latitude.toFixed(5)}, {point.longitude.toFixed(5)})
        </a>
      )}
    </section>
  );
}

/** When the device took the position and how precise it said it was; a typed-in place says it is not a live position. */
function positionFacts(locatedAt: string | null, accuracyM: number | null, now: Date, timeZone: string): string {
  if (locatedAt === null) return "Entered by hand, not taken from a device: it may not be where they are now.";
  const at = new Date(locatedAt);
  const accuracy = accuracyM === null ? "Its precision was not reported." : `Accurate to ${accuracyText(accuracyM)}.`;
  return `Taken by their device ${howLongAgo(at, now)} (${formatDateTime(at, timeZone)}). ${accuracy}`;
}

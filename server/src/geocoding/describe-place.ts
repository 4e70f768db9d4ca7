import type { NearestTown } from "./nearest-town.ts";

/** Within this distance a point is "near" a town; farther, the distance is said. */
const NEAR_KM = 3;

/**
 * A place name a worried person can act on, honest about its precision: "near Camden Town, United
 * Kingdom" close to a town, "about 12 km from Reading, United Kingdom" farther out, and for a point
 * far from any town (at sea, in the wilderness) the same with the distance, which makes it plain.
 */
export function describePlace(town: NearestTown): string {
  const where = `${town.name}, ${town.country}`;
  if (town.distanceKm <= NEAR_KM) return `near ${where}`;
  const km = town.distanceKm < 100 ? Math.round(town.distanceKm) : Math.round(town.distanceKm / 10) * 10;
  return `about ${km.toLocaleString("en")} km from ${where}`;
}

/** Degrees to 5 decimals: about 1 m, more than any phone's fix is worth. */
export const coordinate = (deg: number) => deg.toFixed(5);

/** An OpenStreetMap link with a marker at the point (opens in any browser, no account, no key). */
export function mapLink(latitude: number, longitude: number): string {
  const lat = coordinate(latitude);
  const lon = coordinate(longitude);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=16/${lat}/${lon}`;
}

/**
 * Mapbox as the recipient's map sees it, on loopback (no network here): the style API
 * (`/styles/v1/{owner}/{style}`, a Mapbox GL style document), answered with a small style whose
 * streets and water are inline GeoJSON around the point asked for on the command line, and 200 for
 * the session/billing pings. Geocoding answers 404, so the server names places offline.
 * `node --import tsx e2e/support/fake-mapbox-server.ts <port> <latitude> <longitude>`
 */
import http from "node:http";

const [port, lat, lon] = process.argv.slice(2).map(Number);
if (!port || lat === undefined || lon === undefined)
  throw new Error("usage: fake-mapbox-server.ts <port> <latitude> <longitude>");

const line = (coordinates: [number, number][]) => ({
  type: "Feature",
  properties: {},
  geometry: { type: "LineString", coordinates },
});
const d = 0.004;
const streets = {
  type: "FeatureCollection",
  features: [
    line([
      [lon! - 3 * d, lat!],
      [lon! + 3 * d, lat!],
    ]),
    line([
      [lon!, lat! - 3 * d],
      [lon!, lat! + 3 * d],
    ]),
    line([
      [lon! - 3 * d, lat! + d],
      [lon! + 3 * d, lat! + 1.5 * d],
    ]),
    line([
      [lon! - d, lat! - 3 * d],
      [lon! - 1.5 * d, lat! + 3 * d],
    ]),
    line([
      [lon! + 1.2 * d, lat! - 3 * d],
      [lon! + 2 * d, lat! + 3 * d],
    ]),
  ],
};
const water = {
  type: "Feature",
  properties: {},
  geometry: {
    type: "Polygon",
    coordinates: [
      [
        [lon! - 3 * d, lat! - 3 * d],
        [lon! - 1.8 * d, lat! - 3 * d],
        [lon! - 2.2 * d, lat! - 1.2 * d],
        [lon! - 3 * d, lat! - 1 * d],
        [lon! - 3 * d, lat! - 3 * d],
      ],
    ],
  },
};
const style = {
  version: 8,
  name: "Fake streets",
  sources: { streets: { type: "geojson", data: streets }, water: { type: "geojson", data: water } },
  layers: [
    { id: "land", type: "background", paint: { "background-color": "#efe9e1" } },
    { id: "water", type: "fill", source: "water", paint: { "fill-color": "#aad3df" } },
    { id: "street-casing", type: "line", source: "streets", paint: { "line-color": "#d6cfc4", "line-width": 9 } },
    { id: "street", type: "line", source: "streets", paint: { "line-color": "#ffffff", "line-width": 7 } },
  ],
};

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://localhost");
  res.setHeader("Access-Control-Allow-Origin", "*");
  if (!url.searchParams.get("access_token") && url.pathname !== "/healthz") {
    res
      .writeHead(401, { "content-type": "application/json" })
      .end(JSON.stringify({ message: "Not Authorized - No Token" }));
  } else if (url.pathname.startsWith("/styles/v1/")) {
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(style));
  } else if (url.pathname.startsWith("/map-sessions/") || url.pathname === "/healthz") {
    res.writeHead(200, { "content-type": "application/json" }).end("{}");
  } else {
    res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ message: "Not Found" }));
  }
});
server.listen(port, "127.0.0.1", () => console.log(`fake Mapbox on http://127.0.0.1:${port}`));
process.on("SIGTERM", () => server.close(() => process.exit(0)));

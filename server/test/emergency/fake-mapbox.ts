import http from "node:http";
import type { AddressInfo } from "node:net";

export type MapboxMode = "ok" | "no_features" | "unauthorized" | "server_error" | "hang";

/**
 * A local server speaking Mapbox's geocoding v5 wire format (a GeoJSON FeatureCollection with
 * place_name, center, context…; 401 `{ message }` for a bad token), for MAPBOX_API_URL.
 * `requests` keeps each request's path and query for the test to check.
 */
export async function startFakeMapbox(
  token: string,
): Promise<{ url: string; mode: MapboxMode; requests: URL[]; close(): Promise<void> }> {
  const state = { mode: "ok" as MapboxMode, requests: [] as URL[] };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    state.requests.push(url);
    const send = (status: number, body: unknown) =>
      res.writeHead(status, { "content-type": "application/vnd.geo+json; charset=utf-8" }).end(JSON.stringify(body));
    const match = url.pathname.match(/^\/geocoding\/v5\/mapbox\.places\/(-?[\d.]+),(-?[\d.]+)\.json$/);
    if (!match) return send(404, { message: "Not Found" });
    if (state.mode === "hang") return; // never answers: the client's timeout must fire
    if (state.mode === "unauthorized" || url.searchParams.get("access_token") !== token)
      return send(401, { message: "Not Authorized - Invalid Token" });
    if (state.mode === "server_error") return send(500, { message: "Internal Server Error" });
    const lon = Number(match[1]);
    const lat = Number(match[2]);
    const features =
      state.mode === "no_features"
        ? []
        : [
            {
              id: "address.4356035406756260",
              type: "Feature",
              place_type: ["address"],
              relevance: 1,
              properties: { accuracy: "rooftop", mapbox_id: "dXJuOm1ieGFkcjo0MzU2MDM1NDA2NzU2MjYw" },
              text: "Trafalgar Square",
              place_name: "Trafalgar Square, London, WC2N 5DN, United Kingdom",
              center: [lon, lat],
              geometry: { type: "Point", coordinates: [lon, lat] },
              address: "1",
              context: [
                { id: "postcode.9011942637412920", mapbox_id: "dXJuOm1ieHBsYzpBVFRV", text: "WC2N 5DN" },
                { id: "place.8780954", mapbox_id: "dXJuOm1ieHBsYzppQ1k", wikidata: "Q84", text: "London" },
                {
                  id: "country.8742",
                  mapbox_id: "dXJuOm1ieHBsYzpJbVk",
                  wikidata: "Q145",
                  short_code: "gb",
                  text: "United Kingdom",
                },
              ],
            },
          ];
    send(200, {
      type: "FeatureCollection",
      query: [lon, lat],
      features,
      attribution:
        "NOTICE: © 2026 Mapbox and its suppliers. All rights reserved. Use of this data is subject to the Mapbox Terms of Service (https://www.mapbox.com/about/maps/). This response and the information it contains may not be retained.",
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get mode() {
      return state.mode;
    },
    set mode(m: MapboxMode) {
      state.mode = m;
    },
    requests: state.requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

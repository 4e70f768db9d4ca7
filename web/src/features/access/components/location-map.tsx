import mapboxgl from "mapbox-gl";
import "mapbox-gl/dist/mapbox-gl.css";
import { useEffect, useRef, useState } from "react";

interface LocationMapProps {
  latitude: number;
  longitude: number;
  /** The device's stated accuracy, drawn as a circle around the pin; null when unknown. */
  accuracyM: number | null;
  token: string;
  apiUrl: string;
  label: string;
}

/** The shared position on a Mapbox map (spec §9: GL JS 3.11.1), loaded lazily by SharedLocation. */
export default function LocationMap({ latitude, longitude, accuracyM, token, apiUrl, label }: LocationMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!container.current) return;
    let map: mapboxgl.Map;
    try {
      mapboxgl.accessToken = token;
      mapboxgl.baseApiUrl = apiUrl;
      map = new mapboxgl.Map({
        container: container.current,
        style: "mapbox://styles/mapbox/streets-v12",
        center: [longitude, latitude],
        zoom: zoomFor(accuracyM),
        // A phone scrolling the page must not get stuck panning the map.
        cooperativeGestures: true,
      });
    } catch {
      // No WebGL (old device, locked-down browser): the link below the map still works.
      queueMicrotask(() => setFailed(true));
      return;
    }
    map.addControl(new mapboxgl.NavigationControl({ showCompass: false }));
    new mapboxgl.Marker({ color: "#dc2626" }).setLngLat([longitude, latitude]).addTo(map);
    map.on("load", () => {
      if (accuracyM === null) return;
      map.addSource("accuracy", { type: "geojson", data: circle(latitude, longitude, accuracyM) });
      map.addLayer({
        id: "accuracy-fill",
        type: "fill",
        source: "accuracy",
        paint: { "fill-color": "#dc2626", "fill-opacity": 0.12 },
      });
      map.addLayer({
        id: "accuracy-line",
        type: "line",
        source: "accuracy",
        paint: { "line-color": "#dc2626", "line-width": 1.5 },
      });
    });
    map.on("error", (event) => {
      // A style that cannot load leaves an empty box: say so instead.
      if (!map.isStyleLoaded()) setFailed(true);
      console.warn("map error", event.error);
    });
    return () => map.remove();
  }, [latitude, longitude, accuracyM, token, apiUrl]);

  if (failed) return <p className="text-muted-foreground">The map could not be shown here; use the link below.</p>;
  return (
    <div
      ref={container}
      role="img"
      aria-label={`Map: ${label}`}
      className="h-64 w-full overflow-hidden rounded-md sm:h-80"
      data-testid="location-map"
    />
  );
}

/** Close enough to see the streets, far enough to see the whole accuracy circle. */
function zoomFor(accuracyM: number | null): number {
  if (accuracyM === null || accuracyM <= 50) return 16;
  if (accuracyM <= 200) return 15;
  if (accuracyM <= 1000) return 13;
  return 11;
}

/** A 64-point polygon approximating a circle of `metres` around the point. */
function circle(latitude: number, longitude: number, metres: number): GeoJSON.Feature<GeoJSON.Polygon> {
  const points: [number, number][] = [];
  const dLat = metres / 111_320;
  const dLon = metres / (111_320 * Math.cos((latitude * Math.PI) / 180));
  for (let i = 0; i <= 64; i++) {
    const angle = (i / 64) * 2 * Math.PI;
    points.push([longitude + dLon * Math.cos(angle), latitude + dLat * Math.sin(angle)]);
  }
  return { type: "Feature", properties: {}, geometry: { type: "Polygon", coordinates: [points] } };
}

import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

// The dev server forwards everything the Node server owns, so the browser sees one origin
// (auth-js, cookies and the session storage key all assume that).
const apiTarget = process.env.API_URL ?? "http://localhost:3000";
const proxied = ["/auth", "/api", "/dev", "/healthz", "/functions"];

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } },
  server: {
    proxy: {
      ...Object.fromEntries(proxied.map((path) => [path, { target: apiTarget }])),
      "/realtime": { target: apiTarget, ws: true },
    },
  },
  build: { outDir: "dist", emptyOutDir: true },
});

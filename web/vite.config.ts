import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { defineConfig, loadEnv } from "vite";
import { parseWebEnv } from "./src/config/env-schema.ts";
import { chunkGroups } from "./build/chunk-groups.ts";
import { inlineStylesheet } from "./build/inline-stylesheet.ts";
import { precompress } from "./build/precompress.ts";
import { prerenderPages } from "./build/prerender-pages.ts";
import { writePrecacheList } from "./build/service-worker.ts";

// Vite's defaults, plus one step after the browser bundle: the public pages are rendered to HTML
// (so they paint before any script runs), the service worker is built with the list of the files
// it keeps, and every text file gets its compressed copies (web/build/README.md, docs/decisions/020).
const apiTarget = process.env.API_URL ?? "http://localhost:3000";
const proxied = ["/auth", "/api", "/dev", "/healthz", "/functions"];
const src = (file: string) => fileURLToPath(new URL(`./${file}`, import.meta.url));

export default defineConfig(({ mode }) => {
  // A bad build-time variable fails the build, so the app itself reads them without a parser.
  parseWebEnv(loadEnv(mode, src(""), "VITE_"));
  return {
    plugins: [react(), tailwindcss(), inlineStylesheet()],
    resolve: {
      alias: [
        { find: "@", replacement: src("src") },
        { find: /^zod$/, replacement: src("src/lib/zod-jitless.ts") },
      ],
    },
    // The dev server forwards everything the Node server owns, so the browser sees one origin
    // (auth-js, cookies and the session storage key all assume that).
    server: {
      proxy: {
        ...Object.fromEntries(proxied.map((p) => [p, { target: apiTarget }])),
        "/realtime": { target: apiTarget, ws: true },
      },
    },
    // The manifest tells the prerender which files make each page's code (build/prerender-pages.ts).
    build: { outDir: "dist", emptyOutDir: true, manifest: true },
    environments: {
      client: { build: { rolldownOptions: { output: { codeSplitting: { groups: chunkGroups } } } } },
      // The app rendered in Node at build time, only to prerender pages (never served).
      ssr: {
        build: {
          outDir: src("node_modules/.prerender"),
          emptyOutDir: true,
          rolldownOptions: { input: src("src/prerender/prerender-pages.tsx") },
        },
      },
      // The service worker: one file at the site's root (its scope is the whole site), no imports.
      sw: {
        consumer: "client",
        build: {
          outDir: src("dist"),
          emptyOutDir: false,
          copyPublicDir: false,
          manifest: false,
          rolldownOptions: { input: src("src/sw/sw.ts"), output: { format: "iife", entryFileNames: "sw.js" } },
        },
      },
    },
    builder: {
      async buildApp(builder) {
        await builder.build(builder.environments.client!);
        await builder.build(builder.environments.ssr!);
        await prerenderPages({ dist: src("dist"), bundle: src("node_modules/.prerender/prerender-pages.js") });
        await builder.build(builder.environments.sw!);
        writePrecacheList(src("dist"));
        await precompress(src("dist"));
      },
    },
  };
});

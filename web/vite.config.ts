import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { defineConfig, loadEnv, type ViteBuilder } from "vite";
import { parseWebEnv } from "./src/config/env-schema.ts";
import type * as Prerender from "./src/prerender/prerender-pages.tsx";

// The dev server forwards everything the Node server owns, so the browser sees one origin
// (auth-js, cookies and the session storage key all assume that).
const apiTarget = process.env.API_URL ?? "http://localhost:3000";
const proxied = ["/auth", "/api", "/dev", "/healthz", "/functions"];
const dist = fileURLToPath(new URL("./dist", import.meta.url));
const prerenderOut = fileURLToPath(new URL("./node_modules/.prerender", import.meta.url));

export default defineConfig(({ mode }) => {
  // A bad build-time variable fails the build, so the app itself reads them without a parser.
  parseWebEnv(loadEnv(mode, fileURLToPath(new URL(".", import.meta.url)), "VITE_"));
  return {
    plugins: [react(), tailwindcss()],
    resolve: {
      alias: [
        { find: "@", replacement: fileURLToPath(new URL("./src", import.meta.url)) },
        { find: /^zod$/, replacement: fileURLToPath(new URL("./src/lib/zod-jitless.ts", import.meta.url)) },
      ],
    },
    server: {
      proxy: {
        ...Object.fromEntries(proxied.map((p) => [p, { target: apiTarget }])),
        "/realtime": { target: apiTarget, ws: true },
      },
    },
    build: { outDir: "dist", emptyOutDir: true },
    environments: {
      // The app rendered in Node at build time, only to prerender pages (never served).
      ssr: { build: { outDir: prerenderOut, emptyOutDir: true, rolldownOptions: { input: "src/prerender/prerender-pages.tsx" } } },
    },
    // `vite build`: the browser bundle, then the prerender bundle, then the pages, then the
    // compressed copies of every text file (docs/decisions/020 and 021).
    builder: {
      async buildApp(builder: ViteBuilder) {
        await builder.build(builder.environments.client!);
        await builder.build(builder.environments.ssr!);
        await prerenderPages();
        await precompress(dist);
      },
    },
  };
});

async function prerenderPages() {
  const entry = pathToFileURL(path.join(prerenderOut, "prerender-pages.js")).href;
  const { renderPage, renderShell, pagesToPrerender, notFoundPage, routePatterns }: typeof Prerender = await import(entry);
  const template = fs.readFileSync(path.join(dist, "index.html"), "utf8");
  // A prerendered page is usually someone's first visit (a link in a mail, a search result): its
  // stylesheet (6.5 kB brotli) comes inline, so it paints after one request instead of two.
  const stylesheet = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/;
  const cssFile = template.match(stylesheet)?.[1];
  if (!cssFile) throw new Error("index.html links no stylesheet");
  const css = fs.readFileSync(path.join(dist, cssFile), "utf8");
  const pageTemplate = template.replace(stylesheet, () => `<style>${css}</style>`);
  fs.mkdirSync(path.join(dist, "pages"), { recursive: true });
  const pages = [];
  for (const page of [...pagesToPrerender, notFoundPage]) {
    const { html, index } = await renderPage(pageTemplate, page);
    fs.writeFileSync(path.join(dist, "pages", `${page.name}.html`), html);
    if (page !== notFoundPage) pages.push({ pattern: page.pattern, whenQuery: page.whenQuery, file: `pages/${page.name}.html`, index });
  }
  // The shell replaces Vite's index.html: the same document with the loading screen drawn in.
  fs.writeFileSync(path.join(dist, "index.html"), await renderShell(template));
  const manifest = { pages, notFound: { file: `pages/${notFoundPage.name}.html` }, routes: [...new Set(routePatterns())] };
  fs.writeFileSync(path.join(dist, "pages/manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const compressible = /\.(js|css|html|svg|json|txt|xml|webmanifest)$/;

/** Brotli (11) and gzip (9) copies of every text file, kept only where they are smaller. */
async function precompress(dir: string) {
  const files = fs.readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => compressible.test(f) && f !== path.join("pages", "manifest.json"));
  await Promise.all(
    files.map(async (file) => {
      const full = path.join(dir, file);
      const bytes = fs.readFileSync(full);
      const variants = [
        [".br", await brotli(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } })],
        [".gz", await gzip(bytes, { level: 9 })],
      ] as const;
      for (const [suffix, packed] of variants) if (packed.length < bytes.length) fs.writeFileSync(full + suffix, packed);
    }),
  );
}

import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { defineConfig, loadEnv, type ViteBuilder } from "vite";
import { parseWebEnv } from "./src/config/env-schema.ts";
import { chunkGroups, compileHint, learnFirstLoads } from "./build/chunk-groups.ts";
import type * as Prerender from "./src/prerender/prerender-pages.tsx";

// The dev server forwards everything the Node server owns, so the browser sees one origin
// (auth-js, cookies and the session storage key all assume that).
const apiTarget = process.env.API_URL ?? "http://localhost:3000";
const proxied = ["/auth", "/api", "/dev", "/healthz", "/functions"];
const dist = fileURLToPath(new URL("./dist", import.meta.url));
const prerenderOut = fileURLToPath(new URL("./node_modules/.prerender", import.meta.url));

/** Vite's build manifest: each chunk by its source path (or "_name" for shared chunks), with its static imports. */
type ChunkManifest = Record<string, { file: string; imports?: string[] }>;

export default defineConfig(({ mode }) => {
  // A bad build-time variable fails the build, so the app itself reads them without a parser.
  parseWebEnv(loadEnv(mode, fileURLToPath(new URL(".", import.meta.url)), "VITE_"));
  return {
    plugins: [
      react(),
      tailwindcss(),
      learnFirstLoads({
        shell: "src/app/start-app.tsx",
        accessPage: "src/app/routes/other/access-message.tsx",
        dashboard: ["src/app/layouts/authenticated-layout.tsx", "src/app/routes/app/dashboard.tsx"],
      }),
    ],
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
    // The manifest tells the prerender which files each page's code is made of; it is read and
    // removed before anything is served.
    build: { outDir: "dist", emptyOutDir: true, manifest: "chunks.json" },
    environments: {
      client: {
        build: { rolldownOptions: { output: { codeSplitting: { groups: chunkGroups }, postBanner: compileHint } } },
      },
      // The app rendered in Node at build time, only to prerender pages (never served).
      ssr: {
        build: {
          outDir: prerenderOut,
          emptyOutDir: true,
          rolldownOptions: { input: "src/prerender/prerender-pages.tsx" },
        },
      },
    },
    // `vite build`: the browser bundle, then the prerender bundle, then the pages, then the
    // compressed copies of every text file (docs/decisions/020 and 021).
    builder: {
      async buildApp(builder: ViteBuilder) {
        // Twice: the first build learns what the pages load first, the second groups it (build/chunk-groups.ts).
        await builder.build(builder.environments.client!);
        fs.rmSync(path.join(dist, "assets"), { recursive: true });
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
  const { renderPage, renderShell, pagesToPrerender, notFoundPage, routePatterns, routeModules }: typeof Prerender =
    await import(entry);
  const chunks = JSON.parse(fs.readFileSync(path.join(dist, "chunks.json"), "utf8")) as ChunkManifest;
  fs.rmSync(path.join(dist, "chunks.json"));
  const preloadFirst = (html: string, modules: string[], when: CodeFetched = "with-page") =>
    withPreloads(html, modules, chunks, when);
  // The entry script only waits for the first paint and then imports the app (src/main.tsx): the
  // browser fetches it, and the files a page names (the app's and that page's code, downloading in
  // parallel instead of one after another), at low priority, as nothing of it is needed to paint.
  const template = inlineStylesheet(lowPriority(fs.readFileSync(path.join(dist, "index.html"), "utf8")));
  // A signed-in page also names what the app loads on demand as soon as a session is there (the
  // live updates, the profile's schema), so it downloads alongside the page's code, not after it.
  const pageCode = (pathname: string) => {
    const modules = routeModules(pathname).map((module) => `app/${module}`);
    return modules.includes("app/layouts/authenticated-layout") ? [...modules, ...withSession] : modules;
  };
  const pathnameOf = (url: string) => new URL(url, "http://localhost").pathname;
  fs.mkdirSync(path.join(dist, "pages"), { recursive: true });
  const pages: { pattern: string; whenQuery: string | null; file: string; index: boolean }[] = [];
  for (const page of [...pagesToPrerender, notFoundPage]) {
    const { html, index } = await renderPage(template, page);
    // Every page names the app's code and its own, so they download in parallel (not one after the
    // other as imports are discovered) and are evaluated a file per task (app/evaluate-in-slices.ts),
    // not in one long task when the route's code arrives. A personal link, whose content comes from
    // the API, has them download alongside the page; a page that is whole as prerendered (a form,
    // links) has them fetched once it has painted or been touched (main.tsx), so they never compete
    // with its first paint.
    const code = ["app/start", "app/start-app", ...pageCode(pathnameOf(page.url))];
    const when = page.waitsForData ? "with-page" : "after-paint";
    fs.writeFileSync(path.join(dist, "pages", `${page.name}.html`), preloadFirst(html, code, when));
    if (page !== notFoundPage)
      pages.push({ pattern: page.pattern, whenQuery: page.whenQuery, file: `pages/${page.name}.html`, index });
  }
  // The shell replaces Vite's index.html: the same document with the loading screen drawn in. Each
  // route that is not prerendered gets its own copy naming its page's code. Not auth-js: a stored
  // session is used without it, and it loads once the app has started (lib/create-services.ts).
  // Never indexed.
  const shell = await renderShell(preloadFirst(template, ["app/start", "app/start-app"]));
  fs.writeFileSync(path.join(dist, "index.html"), shell);
  const routes = [...new Set(routePatterns())];
  for (const pattern of routes.filter((p) => !pages.some((page) => page.pattern === p))) {
    const name = `app${pattern.replace(/[/:]+/g, "-")}`;
    fs.writeFileSync(
      path.join(dist, "pages", `${name}.html`),
      preloadFirst(shell, pageCode(pattern.replace(/:\w+/g, "_"))),
    );
    pages.push({ pattern, whenQuery: null, file: `pages/${name}.html`, index: false });
  }
  const manifest = { pages, notFound: { file: `pages/${notFoundPage.name}.html` }, routes };
  fs.writeFileSync(path.join(dist, "pages/manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
}

type CodeFetched = "with-page" | "after-paint";

/** Modules (paths under src) the app imports on demand once someone is signed in (provider.tsx, profile-query.ts). */
const withSession = ["lib/realtime/realtime-connection", "lib/auth/profile-schema"];

/**
 * The HTML with a `modulepreload` for the chunk of each module (a path under src) and every file
 * it imports, except those the document names already; at low priority, as the paint needs none;
 * "after-paint", inside a template that the entry opens once the page has painted.
 * Each file comes after the files it imports: the app evaluates them in that order, one per task
 * (app/evaluate-in-slices.ts).
 */
function withPreloads(html: string, modules: string[], chunks: ChunkManifest, when: CodeFetched): string {
  const seen = new Set<string>();
  const files: string[] = [];
  const add = (key: string) => {
    const chunk = chunks[key];
    if (!chunk) throw new Error(`no chunk of ${key} in the build`);
    if (seen.has(chunk.file) || html.includes(`/${chunk.file}"`)) return;
    seen.add(chunk.file);
    for (const imported of chunk.imports ?? []) add(imported);
    files.push(chunk.file);
  };
  for (const module of modules)
    add([`src/${module}.tsx`, `src/${module}.ts`].find((key) => key in chunks) ?? `src/${module}`);
  const links = files
    .map((file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}">`)
    .join("\n    ");
  if (!links) return html;
  // Links in a template are inert until the entry takes them out (main.tsx, fetchPageCode).
  const named = when === "after-paint" ? `<template id="page-code">\n    ${links}\n    </template>` : links;
  return html.replace("</head>", () => `    ${named}\n  </head>`);
}

/**
 * The HTML with its stylesheet (6.5 kB brotli) inline, so a page paints after one request instead of
 * two: a prerendered page is usually someone's first visit (a link in a mail, a search result), and
 * a signed-in page's loading screen then paints before its code streams in. The HTML is revalidated
 * (no-cache, with an ETag), so a returning visitor downloads it again only after a new build, which
 * would have changed the stylesheet too. The link stays, disabled (never fetched): code loading
 * later names the stylesheet among its dependencies, and Vite's loader then sees it is there
 * instead of fetching and applying it again.
 */
function inlineStylesheet(html: string): string {
  const stylesheet = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/;
  const cssFile = html.match(stylesheet)?.[1];
  if (!cssFile) throw new Error("index.html links no stylesheet");
  const css = fs.readFileSync(path.join(dist, cssFile), "utf8");
  return html.replace(stylesheet, (link) => `<style>${css}</style>${link.replace(">", " disabled>")}`);
}

/** Vite's entry script, fetched at low priority: it only waits for the first paint. */
function lowPriority(html: string): string {
  const entryTag = /<script type="module" crossorigin src="\/assets\/[^"]+\.js"><\/script>/;
  if (!entryTag.test(html)) throw new Error("index.html has no entry script");
  return html.replace(entryTag, (tag) => tag.replace("<script ", '<script fetchpriority="low" '));
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const compressible = /\.(js|css|html|svg|json|txt|xml|webmanifest)$/;

/** Brotli (11) and gzip (9) copies of every text file, kept only where they are smaller. */
async function precompress(dir: string) {
  const files = fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => compressible.test(f) && f !== path.join("pages", "manifest.json"));
  await Promise.all(
    files.map(async (file) => {
      const full = path.join(dir, file);
      const bytes = fs.readFileSync(full);
      const variants = [
        [
          ".br",
          await brotli(bytes, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          }),
        ],
        [".gz", await gzip(bytes, { level: 9 })],
      ] as const;
      for (const [suffix, packed] of variants)
        if (packed.length < bytes.length) fs.writeFileSync(full + suffix, packed);
    }),
  );
}

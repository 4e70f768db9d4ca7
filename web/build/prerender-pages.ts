import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { PrerenderedPage } from "../../server/src/http/page-manifest.ts";
import type * as Prerender from "../src/prerender/prerender-pages.tsx";

/** Vite's build manifest: each chunk by its source path, with the chunks it imports. */
type ChunkManifest = Record<string, { file: string; imports?: string[] }>;

/**
 * Renders the public pages into `dist/pages/*.html` with the app built for Node, replaces
 * `dist/index.html` with the app shell (the loading screen every other page starts with), writes a
 * copy of the shell for each of the app's routes, and writes `pages/manifest.json`, which tells the
 * server which file answers which address (server/src/http/page-manifest.ts).
 * Each page names the app's code and its route's (`modulepreload`), so they download at once instead
 * of one after the other as imports are discovered (on a phone's round trip each step of that chain
 * costs more than the bytes), at low priority, as the first paint needs none of it (src/main.tsx).
 */
export async function prerenderPages({ dist, bundle }: { dist: string; bundle: string }): Promise<void> {
  const prerender: typeof Prerender = await import(pathToFileURL(bundle).href);
  const chunks = JSON.parse(fs.readFileSync(path.join(dist, ".vite/manifest.json"), "utf8")) as ChunkManifest;
  fs.rmSync(path.join(dist, ".vite"), { recursive: true });
  const template = fs.readFileSync(path.join(dist, "index.html"), "utf8");
  // Before its first paint a page runs the entry alone (src/main.tsx): the `start` group keeps it so.
  if (template.includes('rel="modulepreload"'))
    throw new Error("the entry script imports other files before the first paint: see build/chunk-groups.ts");
  const withRouteCode = (html: string, pathname: string) =>
    withPreloads(html, ["start-app", ...prerender.routeModules(pathname)], chunks);
  const write = (file: string, html: string) => fs.writeFileSync(path.join(dist, file), html);
  fs.mkdirSync(path.join(dist, "pages"), { recursive: true });

  const pages: PrerenderedPage[] = [];
  for (const page of [...prerender.pagesToPrerender, prerender.notFoundPage]) {
    const { html, index } = await prerender.renderPage(template, page);
    const file = `pages/${page.name}.html`;
    // A page that is whole as prerendered (a form, links) leaves the app's code to load after its
    // first paint; a personal link, whose content comes from the API, names it to load at once.
    const url = new URL(page.url, "http://localhost");
    write(file, url.search ? withRouteCode(html, url.pathname) : html);
    if (page !== prerender.notFoundPage) pages.push({ pattern: page.pattern, whenQuery: page.whenQuery, file, index });
  }
  const shell = await prerender.renderShell(template);
  write("index.html", shell);
  const routes = [...new Set(prerender.routePatterns())];
  for (const pattern of routes.filter((p) => !pages.some((page) => page.pattern === p))) {
    const file = `pages/app${pattern.replace(/[/:]+/g, "-")}.html`;
    write(file, withRouteCode(shell, pattern.replace(/:\w+/g, "_")));
    pages.push({ pattern, whenQuery: null, file, index: false });
  }
  const manifest = { pages, notFound: { file: `pages/${prerender.notFoundPage.name}.html` }, routes };
  write("pages/manifest.json", `${JSON.stringify(manifest, null, 2)}\n`);
}

/**
 * The HTML with a `modulepreload` for each module's chunk and the chunks it imports that the HTML
 * does not name yet, each after the chunks it imports: the entry evaluates them in that order.
 */
function withPreloads(html: string, modules: string[], chunks: ChunkManifest): string {
  const files = new Set<string>();
  const ordered: string[] = [];
  const add = (key: string) => {
    const chunk = chunks[key];
    if (!chunk) throw new Error(`no chunk of ${key} in the build`);
    if (files.has(chunk.file) || html.includes(`/${chunk.file}"`)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) add(imported);
    ordered.push(chunk.file);
  };
  for (const module of modules) add(`src/app/${module}.tsx`);
  const links = ordered.map((file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}">`);
  return html.replace("</head>", () => `${links.join("\n    ")}\n  </head>`);
}

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyReply } from "fastify";
import fp from "fastify-plugin";
import { readPageManifest, type PageManifest, type PrerenderedPage } from "./page-manifest.ts";

const builtWeb = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../web/dist");
const apiLike = /^\/(api|auth|functions|dev|media|docs|realtime)(\/|$)/;

export interface StaticWebOptions {
  /** Public address of the site (SITE_URL), for the sitemap's absolute links. */
  siteUrl: string;
  /** The built web app. Default: web/dist. */
  root?: string;
}

/**
 * The built web app (docs/decisions/020):
 * - files are sent precompressed (`.br`, `.gz` written by the build) with `Content-Encoding` and
 *   `Vary: Accept-Encoding`; hashed assets are cached for a year, everything else revalidated;
 * - the public pages get their prerendered HTML, so they paint before the app's JavaScript runs;
 * - any other page of the app gets the app shell (marked noindex), an unknown path the prerendered
 *   not-found page with status 404;
 * - /robots.txt and /sitemap.xml list the public pages.
 */
export const staticWeb = fp<StaticWebOptions>(async (app, { siteUrl, root = builtWeb }) => {
  if (!fs.existsSync(path.join(root, "index.html"))) {
    app.log.warn(`web app not built (${root} missing): run "npm run build"`);
    return;
  }
  const manifest = readPageManifest(root);
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    preCompressed: true,
    // Pages are chosen below; the compressed copies are found by preCompressed, never named in a URL.
    globIgnore: ["index.html", "pages/**", "**/*.br", "**/*.gz"],
    setHeaders: (res, file) =>
      res.header(
        "Cache-Control",
        file.includes(`${path.sep}assets${path.sep}`) ? "public, max-age=31536000, immutable" : "no-cache",
      ),
  });

  app.get("/robots.txt", { schema: { hide: true } }, (_req, reply) =>
    reply.type("text/plain; charset=utf-8").header("Cache-Control", "no-cache").send(robotsTxt(siteUrl)),
  );
  app.get("/sitemap.xml", { schema: { hide: true } }, (_req, reply) =>
    reply
      .type("application/xml; charset=utf-8")
      .header("Cache-Control", "no-cache")
      .send(sitemapXml(siteUrl, manifest)),
  );

  app.setNotFoundHandler((req, reply) => {
    const { pathname, searchParams } = new URL(req.url, "http://localhost");
    const isRead = req.method === "GET" || req.method === "HEAD";
    if (apiLike.test(pathname) || (!isRead && req.method !== "POST")) return notFound(reply);
    const page = choosePage(manifest, pathname, searchParams);
    if (req.method === "POST") {
      // A prerendered form submitted before the app took over (a slow phone) must not put what was
      // typed into a URL: forms are prerendered with method="post", and the page is simply shown again.
      return page.kind === "missing" ? notFound(reply) : reply.redirect(req.url, 303);
    }
    if (page.kind !== "prerendered" || !page.page.index) reply.header("X-Robots-Tag", "noindex");
    reply.type("text/html; charset=utf-8").header("Cache-Control", "no-cache");
    if (page.kind === "missing") reply.status(404);
    return reply.sendFile(page.kind === "shell" ? "index.html" : page.page.file);
  });
});

function notFound(reply: FastifyReply) {
  return reply.status(404).send({ error: { code: "not_found", message: "Not found" } });
}

type Choice =
  { kind: "prerendered"; page: PrerenderedPage } | { kind: "shell" } | { kind: "missing"; page: { file: string } };

/** The prerendered page for this address, else the app shell for a route of the app, else not found. */
export function choosePage(manifest: PageManifest | null, pathname: string, query: URLSearchParams): Choice {
  // A build without prerendered pages (e.g. an older one) serves the shell everywhere, as before.
  if (!manifest) return { kind: "shell" };
  const matching = manifest.pages.filter((p) => matchesPattern(p.pattern, pathname));
  // A page made for a query parameter (a check-in link's ?token=) wins when the address has it.
  const page = matching.find((p) => p.whenQuery && query.has(p.whenQuery)) ?? matching.find((p) => !p.whenQuery);
  if (page) return { kind: "prerendered", page };
  if (manifest.routes.some((pattern) => matchesPattern(pattern, pathname))) return { kind: "shell" };
  return { kind: "missing", page: manifest.notFound };
}

/** React Router's matching as far as our routes use it: `:param` segments, case-insensitive, optional trailing slash. */
export function matchesPattern(pattern: string, pathname: string): boolean {
  const want = pattern.split("/").filter(Boolean);
  const got = pathname.split("/").filter(Boolean);
  if (want.length !== got.length) return false;
  return want.every(
    (segment, i) => segment.startsWith(":") || segment.toLowerCase() === decodeSegment(got[i]!).toLowerCase(),
  );
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export function robotsTxt(siteUrl: string): string {
  // Recipients' links and the API are never for crawlers; pages that should not be indexed
  // say so themselves (noindex), which a crawler can only read if it may fetch them.
  return [
    "User-agent: *",
    "Disallow: /access/",
    "Disallow: /api/",
    "Disallow: /auth/",
    "Disallow: /functions/",
    "Disallow: /dev/",
    "Disallow: /media/",
    "Allow: /",
    "",
    `Sitemap: ${siteUrl}/sitemap.xml`,
    "",
  ].join("\n");
}

export function sitemapXml(siteUrl: string, manifest: PageManifest | null): string {
  const urls = (manifest?.pages ?? [])
    .filter((p) => p.index && !p.pattern.includes(":") && !p.whenQuery)
    .map((p) => `  <url><loc>${escapeXml(`${siteUrl}${p.pattern === "/" ? "/" : p.pattern}`)}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

// In quotes of any kind: the minifier may write the string as a template literal.
const PLACEHOLDER = /(["'`])__PRECACHE__\1/g;

/**
 * Writes into the built `sw.js` (src/sw/sw.ts) the files it keeps, the app shell, and a version
 * made from their contents, so a build that changes any of them is a new worker (a browser compares
 * the worker's bytes, not the files it caches). The shell is what the signed-in pages start with:
 * the dashboard's HTML names it (prerender-pages.ts); the offline page and the icons join it. It runs
 * after the prerender, which writes the pages this reads.
 */
export function writePrecacheList(dist: string): string[] {
  const dashboard = fs.readFileSync(path.join(dist, "pages/app-dashboard.html"), "utf8");
  const named = [...dashboard.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
  const files = [
    ...new Set([...named, "/offline.html", "/favicon.svg", "/manifest.webmanifest", "/icons/icon-192.png"]),
  ].sort();
  const hash = createHash("sha256");
  for (const file of files) hash.update(file).update(fs.readFileSync(path.join(dist, file)));
  const worker = path.join(dist, "sw.js");
  const code = fs.readFileSync(worker, "utf8");
  if (code.match(PLACEHOLDER)?.length !== 1) throw new Error("sw.js must name __PRECACHE__ once");
  const list = JSON.stringify({ version: hash.digest("hex").slice(0, 16), files });
  fs.writeFileSync(
    worker,
    code.replace(PLACEHOLDER, () => JSON.stringify(list)),
  );
  return files;
}

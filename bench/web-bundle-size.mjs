// First-load JavaScript of the web app: every script and modulepreload that web/dist/index.html
// names, raw and gzip-compressed (level 9). Run after `npm run build`.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../web/dist");
const html = fs.readFileSync(path.join(dist, "index.html"), "utf8");
const files = [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
let raw = 0;
let gz = 0;
for (const f of new Set(files)) {
  const bytes = fs.readFileSync(path.join(dist, f));
  const g = zlib.gzipSync(bytes, { level: 9 }).length;
  raw += bytes.length;
  gz += g;
  console.log(`${f}: ${(bytes.length / 1024).toFixed(1)} KiB raw, ${(g / 1024).toFixed(1)} KiB gzip`);
}
console.log(
  `first-load JS: ${(raw / 1024).toFixed(1)} KiB raw, ${(gz / 1024).toFixed(1)} KiB gzip (${files.length} files)`,
);

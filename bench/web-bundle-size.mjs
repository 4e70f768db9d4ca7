// First-load JavaScript of the web app: every script and modulepreload that web/dist/index.html
// names, raw and gzip-compressed (level 9); then, for the pages whose content is data (the
// dashboard, a recipient's access page), how many files their HTML names and their size, since on
// HTTP/1.1 the count costs round trips (web/build/chunk-groups.ts). Run after `npm run build`.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../web/dist");
const kib = (bytes) => (bytes / 1024).toFixed(1);

/** The JavaScript files an HTML file names, with their raw and gzip sizes. */
function scriptsOf(htmlFile) {
  const html = fs.readFileSync(path.join(dist, htmlFile), "utf8");
  const files = [...new Set([...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1]))];
  return files.map((file) => {
    const bytes = fs.readFileSync(path.join(dist, file));
    return { file, raw: bytes.length, gz: zlib.gzipSync(bytes, { level: 9 }).length };
  });
}
const total = (scripts, key) => scripts.reduce((sum, script) => sum + script[key], 0);

const firstLoad = scriptsOf("index.html");
for (const { file, raw, gz } of firstLoad) console.log(`${file}: ${kib(raw)} KiB raw, ${kib(gz)} KiB gzip`);
console.log(
  `first-load JS: ${kib(total(firstLoad, "raw"))} KiB raw, ${kib(total(firstLoad, "gz"))} KiB gzip (${firstLoad.length} files)`,
);
for (const [name, htmlFile] of [
  ["dashboard", "pages/app-dashboard.html"],
  ["access page", "pages/access-message.html"],
]) {
  const scripts = scriptsOf(htmlFile);
  console.log(
    `${name}: ${scripts.length} files, ${kib(total(scripts, "raw"))} KiB raw, ${kib(total(scripts, "gz"))} KiB gzip`,
  );
}

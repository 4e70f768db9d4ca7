// Draws the installed app's PNG icons from web/public/favicon.svg with the local Chromium. Run by
// hand when the logo changes (`node scripts/make-app-icons.mjs`) and commit the files it writes.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const publicDir = path.join(root, "web/public");
const svg = fs.readFileSync(path.join(publicDir, "favicon.svg"), "utf8");
// The favicon's glyph without its rounded tile, drawn on a full square for the icons a platform
// masks or rounds itself (Android's maskable, iOS): their shape is theirs, so no corner may be clear.
const glyph = svg.replace(/<rect[^>]*\/>/, "").replace(/<\/?svg[^>]*>/g, "");
const tile = svg.match(/fill="(#[0-9a-f]{6})"/i)[1];
const fullSquare = (scale) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${tile}"/>` +
  `<g transform="translate(16 16) scale(${scale}) translate(-16 -16)">${glyph}</g></svg>`;

const icons = [
  { file: "icons/icon-192.png", size: 192, svg },
  { file: "icons/icon-512.png", size: 512, svg },
  // Maskable: everything that matters inside the central circle of 80 % (the platform's safe zone).
  { file: "icons/icon-maskable-512.png", size: 512, svg: fullSquare(0.7) },
  { file: "icons/apple-touch-icon.png", size: 180, svg: fullSquare(0.85) },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
const page = await browser.newPage();
for (const icon of icons) {
  await page.setViewportSize({ width: icon.size, height: icon.size });
  const sized = icon.svg.replace("<svg ", `<svg width="${icon.size}" height="${icon.size}" `);
  await page.setContent(`<style>html,body{margin:0;background:transparent}svg{display:block}</style>${sized}`);
  await page.screenshot({ path: path.join(publicDir, icon.file), omitBackground: true });
  console.log(`wrote web/public/${icon.file}`);
}
await browser.close();

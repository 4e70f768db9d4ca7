// Where a `node --cpu-prof` profile (or a browser's, from `bench/lighthouse.mjs --cpu-profile`) spent
// its time: self time by package / area and the top functions, idle excluded. With --maps=DIR a
// browser profile's frames are read through the source maps next to the built files in DIR (a build
// made with `npx vite build --sourcemap` in web/), so areas are our modules and npm packages.
// Usage: node bench/support/summarise-cpu-profile.mjs <file.cpuprofile> [top=25] [--maps=web/dist]
import fs from "node:fs";
import path from "node:path";
import { originalPositionFor, TraceMap } from "@jridgewell/trace-mapping";

const positional = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const mapsDir = process.argv.find((a) => a.startsWith("--maps="))?.slice("--maps=".length);
const [file, topArg] = positional;
if (!file) throw new Error("usage: summarise-cpu-profile.mjs <file.cpuprofile> [top] [--maps=DIR]");
const profile = JSON.parse(fs.readFileSync(file, "utf8"));
const top = Number(topArg ?? 25);

const maps = new Map();
/** A built file's frame as its source: the original file and function, where a source map says. */
function original(callFrame) {
  if (!mapsDir || !callFrame.url.startsWith("http")) return callFrame;
  const mapFile = path.join(mapsDir, `${new URL(callFrame.url).pathname}.map`);
  if (!maps.has(mapFile))
    maps.set(mapFile, fs.existsSync(mapFile) ? new TraceMap(fs.readFileSync(mapFile, "utf8")) : null);
  const map = maps.get(mapFile);
  const at = map && originalPositionFor(map, { line: callFrame.lineNumber + 1, column: callFrame.columnNumber });
  if (!at?.source) return callFrame;
  return { url: at.source, functionName: at.name ?? callFrame.functionName, lineNumber: (at.line ?? 1) - 1 };
}

// Self time per node from the samples and their time deltas (µs).
const self = new Map();
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));

/** The area a frame belongs to: an npm package, our own source folder, Node itself, or V8's buckets. */
function areaOf({ url, functionName }) {
  if (!url) return functionName.startsWith("(") ? functionName : "(native)";
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  const own = /\/(server|contracts|web)\/src\/(.+)/.exec(url);
  if (own) return `${own[1]}/src/${mapsDir ? own[2] : own[2].split("/")[0]}`;
  if (url.startsWith("node:")) return url;
  return url;
}

const byArea = new Map();
const byFunction = new Map();
let busy = 0;
for (const node of profile.nodes) {
  const us = self.get(node.id) ?? 0;
  if (!us || node.callFrame.functionName === "(idle)") continue;
  busy += us;
  const frame = original(node.callFrame);
  const area = areaOf(frame);
  byArea.set(area, (byArea.get(area) ?? 0) + us);
  const name = `${frame.functionName || "(anonymous)"} ${area}:${frame.lineNumber + 1}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + us);
}
const total = profile.endTime - profile.startTime;
const line = ([name, us]) =>
  `${((100 * us) / busy).toFixed(1).padStart(5)} %  ${(us / 1000).toFixed(0).padStart(7)} ms  ${name}`;
console.log(
  `profile ${(total / 1e6).toFixed(1)} s, busy ${(busy / 1e6).toFixed(1)} s (${((100 * busy) / total).toFixed(0)} %)`,
);
console.log("\nself time by area:");
for (const entry of [...byArea].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(line(entry));
console.log("\ntop functions (self time):");
for (const entry of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(line(entry));

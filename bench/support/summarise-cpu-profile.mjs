// Where a `node --cpu-prof` profile (or a browser's, from `bench/lighthouse.mjs --cpu-profile`) spent
// its time: self time by package / area and the top functions, idle excluded. With --maps=DIR a
// browser profile's frames are read through the source maps next to the built files in DIR (a build
// made with `npx vite build --sourcemap` in web/), so areas are our modules and npm packages.
// --window=FROM,TO keeps the samples between those seconds from the profile's start (e.g. a bench's
// engine phase, not its raw run); --timeline prints how busy each 5 s was, to find that window.
// Usage: node bench/support/summarise-cpu-profile.mjs <file.cpuprofile> [top=25] [--maps=web/dist]
//        [--window=FROM,TO] [--timeline]
import fs from "node:fs";
import path from "node:path";
import { originalPositionFor, TraceMap } from "@jridgewell/trace-mapping";

const positional = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const mapsDir = process.argv.find((a) => a.startsWith("--maps="))?.slice("--maps=".length);
const [file, topArg] = positional;
if (!file) throw new Error("usage: summarise-cpu-profile.mjs <file.cpuprofile> [top] [--maps=DIR]");
const profile = JSON.parse(fs.readFileSync(file, "utf8"));
const top = Number(topArg ?? 25);
const windowArg = process.argv.find((a) => a.startsWith("--window="))?.slice("--window=".length);
const [fromS, toS] = windowArg ? windowArg.split(",").map(Number) : [0, Infinity];

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

// Self time per node from the samples and their time deltas (µs), inside the window.
const idleIds = new Set(profile.nodes.filter((n) => n.callFrame.functionName === "(idle)").map((n) => n.id));
const self = new Map();
const busyPer5s = [];
let at = 0;
profile.samples.forEach((id, i) => {
  const delta = profile.timeDeltas[i] ?? 0;
  at += delta;
  const second = at / 1e6;
  if (second < fromS || second > toS) return;
  self.set(id, (self.get(id) ?? 0) + delta);
  if (!idleIds.has(id)) busyPer5s[Math.floor(second / 5)] = (busyPer5s[Math.floor(second / 5)] ?? 0) + delta;
});
if (process.argv.includes("--timeline"))
  busyPer5s.forEach((us, i) =>
    console.log(`${String(i * 5).padStart(4)} s  ${((100 * (us ?? 0)) / 5e6).toFixed(0).padStart(3)} % busy`),
  );

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
const total = Math.min(profile.endTime - profile.startTime, (toS - fromS) * 1e6);
const line = ([name, us]) =>
  `${((100 * us) / busy).toFixed(1).padStart(5)} %  ${(us / 1000).toFixed(0).padStart(7)} ms  ${name}`;
console.log(
  `profile ${(total / 1e6).toFixed(1)} s, busy ${(busy / 1e6).toFixed(1)} s (${((100 * busy) / total).toFixed(0)} %)`,
);
console.log("\nself time by area:");
for (const entry of [...byArea].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(line(entry));
console.log("\ntop functions (self time):");
for (const entry of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(line(entry));

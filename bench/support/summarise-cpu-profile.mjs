// Where a `node --cpu-prof` profile spent its time: self time by package / area and the top
// functions, idle excluded. Usage: node bench/support/summarise-cpu-profile.mjs <file.cpuprofile> [top=25]
import fs from "node:fs";

const [file, topArg] = process.argv.slice(2);
if (!file) throw new Error("usage: summarise-cpu-profile.mjs <file.cpuprofile> [top]");
const profile = JSON.parse(fs.readFileSync(file, "utf8"));
const top = Number(topArg ?? 25);

// Self time per node from the samples and their time deltas (µs).
const self = new Map();
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));

/** The area a frame belongs to: an npm package, our own source folder, Node itself, or V8's buckets. */
function areaOf({ url, functionName }) {
  if (!url) return functionName.startsWith("(") ? functionName : "(native)";
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  const own = /\/(server|contracts)\/src\/([^/]+)/.exec(url);
  if (own) return `${own[1]}/src/${own[2]}`;
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
  const area = areaOf(node.callFrame);
  byArea.set(area, (byArea.get(area) ?? 0) + us);
  const name = `${node.callFrame.functionName || "(anonymous)"} ${area}:${node.callFrame.lineNumber + 1}`;
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

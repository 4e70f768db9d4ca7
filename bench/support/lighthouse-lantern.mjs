// What Lighthouse's simulation (Lantern) put on the path to a page's largest paint, from a run saved
// by `node bench/lighthouse.mjs --save=DIR`: each request and main-thread task in the optimistic and
// pessimistic LCP graphs (the simulated LCP is their mean), with its observed length and its
// simulated start and end. Tasks shorter than 10 ms observed are pruned by Lantern and never appear.
//
// Usage: node bench/support/lighthouse-lantern.mjs DIR/<page>-<preset>-<n>.json
import fs from "node:fs";
import { LanternLargestContentfulPaint } from "lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js";

const [file] = process.argv.slice(2);
if (!file) throw new Error("usage: lighthouse-lantern.mjs <report.json>");
const lhr = JSON.parse(fs.readFileSync(file, "utf8"));
const trace = JSON.parse(fs.readFileSync(file.replace(/\.json$/, ".trace.json"), "utf8"));
const artifacts = JSON.parse(fs.readFileSync(file.replace(/\.json$/, ".artifacts.json"), "utf8"));
const data = {
  trace,
  devtoolsLog: artifacts.DevtoolsLog,
  gatherContext: artifacts.GatherContext,
  URL: artifacts.URL,
  settings: lhr.configSettings,
  simulator: null,
  SourceMaps: [],
};
const result = await LanternLargestContentfulPaint.request(data, { computedCache: new Map() });
const short = (url) =>
  url
    .replace(/^https?:\/\/[^/]+/, "")
    .replace(/\?.*/, "?…")
    .slice(0, 60);
const describe = (node) => {
  if (node.type === "network") return `${node.request.resourceType ?? ""} ${short(node.request.url)}`;
  const names = new Map();
  for (const event of node.childEvents) {
    const label =
      event.name === "EvaluateScript" || event.name === "v8.compile" || event.name === "v8.evaluateModule"
        ? `${event.name}(${short(event.args?.data?.url ?? event.args?.fileName ?? "")})`
        : event.name;
    names.set(label, (names.get(label) ?? 0) + (event.dur ?? 0) / 1000);
  }
  const top = [...names]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([name, ms]) => `${name} ${ms.toFixed(1)}`);
  return `task ${top.join(", ")}`;
};
console.log(`simulated LCP ${Math.round(result.timing)} ms`);
for (const which of ["optimistic", "pessimistic"]) {
  const estimate = result[`${which}Estimate`];
  console.log(`\n${which}: ${Math.round(estimate.timeInMs)} ms`);
  const rows = [...estimate.nodeTimings].sort((a, b) => a[1].startTime - b[1].startTime);
  for (const [node, timing] of rows) {
    const observed = node.type === "cpu" ? `${(node.duration / 1000).toFixed(1)} ms` : "";
    console.log(
      `  ${String(Math.round(timing.startTime)).padStart(5)}–${String(Math.round(timing.endTime)).padStart(5)} ${node.type.padEnd(7)} ${observed.padStart(9)}  ${describe(node)}`,
    );
  }
}

// What Lighthouse's simulation (Lantern) put on the path to a page's largest paint, from a run saved
// by `node bench/lighthouse.mjs --save=DIR`: each request and main-thread task in the optimistic and
// pessimistic LCP graphs (the simulated LCP is their mean), with its observed length and its
// simulated start and end. Tasks shorter than 10 ms observed are pruned by Lantern and never appear.
// With --tbt it lists instead the simulated tasks that make up Total Blocking Time: each task over
// 50 ms between the simulated FCP and TTI, and how much of it counts as blocking.
//
// Usage: node bench/support/lighthouse-lantern.mjs DIR/<page>-<preset>-<n>.json [--tbt]
import fs from "node:fs";
import { LanternLargestContentfulPaint } from "lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js";
import { LanternFirstContentfulPaint } from "lighthouse/core/computed/metrics/lantern-first-contentful-paint.js";
import { LanternInteractive } from "lighthouse/core/computed/metrics/lantern-interactive.js";
import { LanternTotalBlockingTime } from "lighthouse/core/computed/metrics/lantern-total-blocking-time.js";

const file = process.argv.slice(2).find((a) => !a.startsWith("--"));
const tbt = process.argv.includes("--tbt");
if (!file) throw new Error("usage: lighthouse-lantern.mjs <report.json> [--tbt]");
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
const context = { computedCache: new Map() };
const result = await (tbt ? LanternTotalBlockingTime : LanternLargestContentfulPaint).request(data, context);
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
// TBT's window, as Lantern takes it: the other estimate's FCP (a later FCP for the optimistic one)
// to this estimate's TTI; a task is clipped to the window before its first 50 ms are taken off.
const fcp = tbt ? await LanternFirstContentfulPaint.request(data, context) : null;
const tti = tbt ? await LanternInteractive.request(data, context) : null;
const windowOf = (which) =>
  which === "optimistic"
    ? [fcp.pessimisticEstimate.timeInMs, tti.optimisticEstimate.timeInMs]
    : [fcp.optimisticEstimate.timeInMs, tti.pessimisticEstimate.timeInMs];
const blockingIn = ([from, to], timing) =>
  Math.max(0, Math.min(timing.endTime, to) - Math.max(timing.startTime, from) - 50);

console.log(`simulated ${tbt ? "TBT" : "LCP"} ${Math.round(result.timing)} ms`);
for (const which of ["optimistic", "pessimistic"]) {
  const estimate = result[`${which}Estimate`];
  const window = tbt ? windowOf(which) : null;
  const span = window ? ` (from FCP ${Math.round(window[0])} ms to TTI ${Math.round(window[1])} ms)` : "";
  console.log(`\n${which}: ${Math.round(estimate.timeInMs)} ms${span}`);
  const rows = [...estimate.nodeTimings]
    .filter(([node, timing]) => !tbt || (node.type === "cpu" && blockingIn(window, timing) > 0))
    .sort((a, b) => a[1].startTime - b[1].startTime);
  for (const [node, timing] of rows) {
    const blocking = tbt ? `blocks ${String(Math.round(blockingIn(window, timing))).padStart(4)} ms ` : "";
    const observed = node.type === "cpu" ? `${(node.duration / 1000).toFixed(1)} ms` : "";
    console.log(
      `  ${String(Math.round(timing.startTime)).padStart(5)}–${String(Math.round(timing.endTime)).padStart(5)} ${node.type.padEnd(7)} ${observed.padStart(9)}  ${blocking}${describe(node)}`,
    );
  }
}

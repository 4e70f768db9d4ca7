// Where a page's time goes, from a run saved by `node bench/lighthouse.mjs --save=DIR`:
// the observed and simulated paints, every request (when it started and ended, its priority and
// who asked for it), and the main thread's tasks of the Chrome trace over a threshold with what
// ran inside them (script evaluation, function calls by script, compilation, layout, GC).
//
// Usage: node bench/support/lighthouse-profile.mjs DIR/<page>-<preset>-<n>.json [--min-task=10]
import fs from "node:fs";

const [file, ...rest] = process.argv.slice(2);
if (!file) throw new Error("usage: lighthouse-profile.mjs <report.json> [--min-task=ms]");
const minTask = Number(rest.find((a) => a.startsWith("--min-task="))?.split("=")[1] ?? 10);
const lhr = JSON.parse(fs.readFileSync(file, "utf8"));
const short = (url) =>
  (url ?? "")
    .replace(/^https?:\/\/[^/]+/, "")
    .replace(/\?.*/, "?…")
    .slice(0, 70);
const ms = (v) => `${Math.round(v)} ms`;

const observed = lhr.audits.metrics?.details?.items?.[0] ?? {};
console.log(
  `${lhr.finalDisplayedUrl.replace(/\?.*/, "?…")}: performance ${Math.round(lhr.categories.performance.score * 100)}, benchmarkIndex ${Math.round(lhr.environment.benchmarkIndex)}`,
);
console.log(
  `simulated FCP ${ms(observed.firstContentfulPaint)} LCP ${ms(observed.largestContentfulPaint)} TBT ${ms(observed.totalBlockingTime)} TTI ${ms(observed.interactive)}; ` +
    `observed FCP ${ms(observed.observedFirstContentfulPaint)} LCP ${ms(observed.observedLargestContentfulPaint)} DCL ${ms(observed.observedDomContentLoaded)} load ${ms(observed.observedLoad)}`,
);
const lcpNode = lhr.audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node;
if (lcpNode) console.log(`LCP element: ${lcpNode.nodeLabel?.slice(0, 80)} (${lcpNode.selector})`);

console.log("\nrequests (observed, ms from navigation start):");
for (const r of lhr.audits["network-requests"].details.items) {
  console.log(
    `  ${String(Math.round(r.networkRequestTime)).padStart(5)}–${String(Math.round(r.networkEndTime)).padStart(5)} ${(r.priority ?? "").padEnd(8)} ${String(r.transferSize).padStart(7)} B  ${(r.resourceType ?? "").padEnd(8)} ${short(r.url)}`,
  );
}

const traceFile = file.replace(/\.json$/, ".trace.json");
if (!fs.existsSync(traceFile)) process.exit(0);
const { traceEvents } = JSON.parse(fs.readFileSync(traceFile, "utf8"));
// The page's main thread: the renderer thread that parsed the page's own HTML.
const origin = new URL(lhr.finalDisplayedUrl).origin;
const parse = traceEvents.find((e) => e.name === "ParseHTML" && e.args?.beginData?.url?.startsWith(origin));
const main = traceEvents
  .filter((e) => e.pid === parse.pid && e.tid === parse.tid && e.ph === "X")
  .sort((a, b) => a.ts - b.ts);
const navStart = traceEvents.find((e) => e.name === "navigationStart" && e.pid === parse.pid)?.ts ?? main[0].ts;
const tasks = main.filter((e) => e.name === "RunTask" || e.name === "ThreadControllerImpl::RunTask");
let total = 0;
console.log(
  `\nmain-thread tasks ≥ ${minTask} ms (observed; Lantern multiplies them by the preset's CPU slowdown, TBT counts what exceeds 50 ms):`,
);
for (const task of tasks) {
  const dur = task.dur / 1000;
  if (dur < minTask) continue;
  total += dur;
  const inside = main.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur);
  const parts = new Map();
  for (const e of inside) {
    const url = e.args?.data?.url ?? e.args?.data?.stackTrace?.[0]?.url ?? e.args?.fileName ?? "";
    if (e.dur < 500 || /^(RunTask|ThreadControllerImpl::RunTask)$/.test(e.name)) continue;
    const detail = e.name === "FunctionCall" && e.args?.data?.functionName ? ` ${e.args.data.functionName}` : "";
    const key = `${e.name}${url ? ` ${short(url)}` : ""}${detail}`;
    if (key) parts.set(key, (parts.get(key) ?? 0) + e.dur / 1000);
  }
  const top = [...parts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([k, v]) => `${k} ${v.toFixed(1)}`);
  console.log(`  at ${ms((task.ts - navStart) / 1000)}: ${dur.toFixed(1)} ms — ${top.join("; ")}`);
}
console.log(`  total ${total.toFixed(0)} ms in ${tasks.filter((t) => t.dur / 1000 >= minTask).length} tasks`);

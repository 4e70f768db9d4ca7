// Lighthouse (npm `lighthouse`, driving Debian's Chromium) on the pages a person on a weak phone
// opens first: the home page, sign-in, the dashboard signed in, and a recipient's access page.
// Prints the four category scores and FCP / LCP / TBT / CLS for the mobile and desktop presets,
// the median of `--runs` runs each (simulated throttling is noisy on a shared machine).
//
// Usage: npm run build && node bench/lighthouse.mjs [--runs=3] [--port=3790] [--base-url=URL]
//        [--only=home,login,dashboard,access] [--presets=mobile,desktop] [--details] [--save=DIR]
// --save=DIR keeps each run's report (<page>-<preset>-<n>.json) and Chrome trace (….trace.json) for
// profiling: the critical request chain, main-thread tasks and long tasks are in them.
// --cpu-profile=DIR runs no Lighthouse: it loads each page once more with the mobile preset's CPU
// slowdown (4×) and writes a V8 sampling profile of its first 6 s to DIR/<page>.cpuprofile, for
// `node bench/support/summarise-cpu-profile.mjs` (which functions fill the long tasks), and prints
// React's commits in those 6 s (when, and how many components rendered for each).
// Without --base-url it starts the server itself, as `npm start` does (the built web app served
// by `server/src/main.ts`, embedded database in a throwaway DATA_DIR, auto-confirmed sign-up).
// With --base-url it measures a server started elsewhere; that server must keep mail in its local
// mailbox (no SMTP_URL, NODE_ENV not production) so the access link can be read from it, and
// MAILBOX_KEY must name that mailbox's key.
// CHROME_PATH (default /usr/bin/chromium) names the browser.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import puppeteer from "puppeteer-core";
import { seedOwner, waitFor } from "./support/lighthouse-seed.mjs";
import { profileLoad } from "./support/profile-load.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [key, value] = a.replace(/^--/, "").split("=");
    return [key, value ?? "true"];
  }),
);
const runs = Number(args.runs ?? 3);
const port = Number(args.port ?? 3790);
const presets = (args.presets ?? "mobile,desktop").split(",");
const only = args.only?.split(",");
const saveDir = args.save ? path.resolve(args.save) : null;
if (saveDir) fs.mkdirSync(saveDir, { recursive: true });
const profileDir = args["cpu-profile"] ? path.resolve(args["cpu-profile"]) : null;
if (profileDir) fs.mkdirSync(profileDir, { recursive: true });
const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const chromeFlags = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const categories = ["performance", "accessibility", "best-practices", "seo"];
const metrics = [
  ["FCP", "first-contentful-paint", (v) => `${(v / 1000).toFixed(2)} s`],
  ["LCP", "largest-contentful-paint", (v) => `${(v / 1000).toFixed(2)} s`],
  ["TBT", "total-blocking-time", (v) => `${Math.round(v)} ms`],
  ["CLS", "cumulative-layout-shift", (v) => v.toFixed(3)],
];

let server = null;
let base = args["base-url"]?.replace(/\/$/, "");
// The local mailbox opens only with its key (server/src/mail/mailbox-routes.ts).
const mailboxKey = process.env.MAILBOX_KEY ?? crypto.randomBytes(24).toString("hex");
if (!base) {
  if (!fs.existsSync(path.join(root, "web/dist/index.html"))) throw new Error("build the web app first: npm run build");
  base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ts-bench-lighthouse-"));
  server = spawn(process.execPath, ["--import", "tsx", "server/src/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      SITE_URL: base,
      SMTP_URL: "",
      DATABASE_URL: "",
      AUTH_AUTOCONFIRM: "true",
      LOG_LEVEL: "error",
      MAILBOX_KEY: mailboxKey,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  process.on("exit", () => server?.kill());
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(1));
}

/** A fresh browser's first tab; a signed-in page gets the session in local storage first. */
async function openTab(browser, session) {
  const page = (await browser.pages())[0] ?? (await browser.newPage());
  if (session) {
    // auth-js keeps the session under sb-<hostname>-auth-token (docs/decisions/002).
    await page.goto(`${base}/robots.txt`);
    const key = `sb-${new URL(base).hostname}-auth-token`;
    await page.evaluate((k, v) => localStorage.setItem(k, v), key, JSON.stringify(session));
    // A returning owner's browser also remembers its time zone (web/src/lib/time-zone.ts).
    await page.evaluate(() =>
      localStorage.setItem("trigger-switch-time-zone", Intl.DateTimeFormat().resolvedOptions().timeZone),
    );
    const cdp = await page.createCDPSession();
    await cdp.send("Network.clearBrowserCache");
    await cdp.detach();
  }
  return page;
}

/** Runs `use` on the first tab of a fresh browser (a signed-in page's with its session), then closes the browser. */
async function inFreshTab(session, use) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
    const result = await use(await openTab(browser, session));
    await browser.disconnect();
    return result;
  } finally {
    chrome.kill();
  }
}

/** One Lighthouse run in a fresh browser. */
function audit(url, preset, session, save) {
  return inFreshTab(session, async (page) => {
    const flags = {
      logLevel: "error",
      output: "json",
      onlyCategories: categories,
      disableStorageReset: Boolean(session),
    };
    const result = await lighthouse(url, flags, preset === "desktop" ? desktopConfig : undefined, page);
    if (saveDir && save) {
      fs.writeFileSync(path.join(saveDir, `${save}.json`), JSON.stringify(result.lhr));
      const trace = result.artifacts.Trace ?? result.artifacts.traces?.defaultPass;
      if (trace) fs.writeFileSync(path.join(saveDir, `${save}.trace.json`), JSON.stringify(trace));
      const { DevtoolsLog, GatherContext, URL } = result.artifacts;
      fs.writeFileSync(
        path.join(saveDir, `${save}.artifacts.json`),
        JSON.stringify({ DevtoolsLog, GatherContext, URL }),
      );
    }
    return result.lhr;
  });
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

try {
  await waitFor("the server did not become ready", () => fetch(`${base}/readyz`).then((r) => r.ok), 120_000);
  const { session, access } = await seedOwner({ base, mailboxKey });
  const pages = [
    { name: "home", path: "/" },
    { name: "login", path: "/login" },
    { name: "dashboard", path: "/dashboard", session },
    { name: "access", path: access },
  ].filter((p) => !only || only.includes(p.name));
  if (profileDir) await profileLoads(pages);
  else await measure(pages);
} finally {
  server?.kill();
}

/** --cpu-profile: each page loaded once under the profiler, and React's commits during it. */
async function profileLoads(pages) {
  for (const page of pages) {
    const url = `${base}${page.path}`;
    const file = path.join(profileDir, `${page.name}.cpuprofile`);
    const commits = await inFreshTab(page.session, (tab) => profileLoad(tab, url, file));
    console.log(`${url.replace(/\?.*/, "?…")}: ${file}`);
    console.log(
      `  React commits (ms since navigation: components rendered): ${commits.map(([at, n]) => `${at}: ${n}`).join(", ")}`,
    );
  }
}

/** The table: each page's median scores and metrics over `runs` Lighthouse runs per preset. */
async function measure(pages) {
  console.log(
    `Lighthouse ${(await import("lighthouse/package.json", { with: { type: "json" } })).default.version}, ${chromePath}, ${base}; median of ${runs} run(s)`,
  );
  // benchmarkIndex is Lighthouse's own measure of this machine's speed at the time of the run: TBT
  // is the observed main-thread time slowed down 4×, so on a busy machine it grows with the load.
  // The 1-minute load average (2 cores here) beside it says how busy the machine was during the page's runs.
  console.log(
    "| page | preset | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | benchmarkIndex | load |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|---|---|");
  for (const page of pages) {
    for (const preset of presets) {
      const lhrs = [];
      const loads = [os.loadavg()[0]];
      for (let i = 0; i < runs; i++) {
        const lhr = await audit(`${base}${page.path}`, preset, page.session, `${page.name}-${preset}-${i + 1}`);
        loads.push(os.loadavg()[0]);
        // A run Lighthouse could not finish (e.g. NO_FCP when the machine stalls) is reported, not averaged in.
        if (lhr.runtimeError)
          console.error(`  ${page.name} ${preset} run ${i + 1}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        else lhrs.push(lhr);
      }
      if (lhrs.length === 0) {
        console.log(`| ${page.name} | ${preset} | no successful run |`);
        continue;
      }
      const scores = categories.map((c) => Math.round(median(lhrs.map((l) => l.categories[c].score ?? 0)) * 100));
      const figures = metrics.map(([, id, format]) => format(median(lhrs.map((l) => l.audits[id].numericValue ?? 0))));
      const label = page.name === "access" ? "/access/message/…" : page.path;
      const benchmarkIndex = Math.round(median(lhrs.map((l) => l.environment.benchmarkIndex)));
      const load = `${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`;
      console.log(
        `| ${label} | ${preset} | ${scores.join(" | ")} | ${figures.join(" | ")} | ${benchmarkIndex} | ${load} |`,
      );
      if (args.details) {
        const perfRuns = lhrs
          .map(
            (l) =>
              `${Math.round((l.categories.performance.score ?? 0) * 100)} (TBT ${Math.round(l.audits["total-blocking-time"].numericValue)} ms, index ${Math.round(l.environment.benchmarkIndex)})`,
          )
          .join(", ");
        console.log(
          `  performance per run: ${perfRuns}; final URL ${lhrs[0].finalDisplayedUrl.replace(/\?.*/, "?…")}; LCP element: ${lcpElement(lhrs[0])}`,
        );
        for (const line of failing(lhrs[0])) console.log(`  - ${line}`);
      }
    }
  }
}

function lcpElement(lhr) {
  const item = lhr.audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node;
  return item ? `${item.nodeLabel} (${item.selector})` : "none";
}

/** Audits that cost points in the median run, for --details. */
function failing(lhr) {
  const out = [];
  for (const [category, { auditRefs }] of Object.entries(lhr.categories)) {
    for (const ref of auditRefs) {
      const a = lhr.audits[ref.id];
      if (
        a.score === null ||
        a.score >= 0.9 ||
        (category === "performance" && ref.weight === 0 && !a.details?.overallSavingsMs)
      )
        continue;
      const saving = a.details?.overallSavingsMs ? ` (saves ~${Math.round(a.details.overallSavingsMs)} ms)` : "";
      out.push(`[${category}] ${a.id}: ${a.title}${a.displayValue ? ` — ${a.displayValue}` : ""}${saving}`);
      if (category !== "performance")
        for (const item of (a.details?.items ?? []).slice(0, 3)) out.push(`    ${JSON.stringify(item).slice(0, 300)}`);
    }
  }
  return out;
}

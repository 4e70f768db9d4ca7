// Intl's first use in a page loads the browser's locale and time-zone data: 24–47 ms of main thread
// on the test machine (×4 on a slow phone), spent inside the first render that words a time (a
// recipient's message, the dashboard's deadlines), which made it that page's longest task. The data
// is the browser process's, not the thread's: once a worker has loaded it, the page's own first use
// takes 0.3–3 ms (measured in fresh Chromium contexts, docs/decisions/020). So a page that will word
// times starts a worker at once, which loads it on another core while the page's code and data are
// on their way.

/** Starts the worker that loads Intl's data; where workers are unavailable the first render pays, as before. */
export function warmLocaleData(): void {
  if (typeof Worker === "undefined") return;
  try {
    new Worker(new URL("./warm-locale-data.worker.ts", import.meta.url), { type: "module", name: "warm-locale-data" });
  } catch {
    // Refused (a policy, a private mode): nothing is lost but the head start.
  }
}

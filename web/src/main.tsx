import "./index.css";

// Every page's HTML paints on its own: the public pages are prerendered, the others show the
// loading screen (docs/decisions/021). The app's code, which a page that needs it at once names so
// it downloads meanwhile (web/build/prerender-pages.ts), runs once that first paint is on screen, so
// on a slow phone it never holds the page back.
afterFirstPaint(
  () =>
    void evaluateInSlices()
      .then(() => import("./app/start-app"))
      .then(({ startApp }) => startApp()),
);

/**
 * Evaluates the files the page's HTML names, in order (each after those it imports), a file per
 * task: a module graph imported at once is evaluated in one long task, during which a tap waits.
 * A file that fails to load is left to the app's own import, which reports it.
 */
async function evaluateInSlices() {
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')) {
    await import(/* @vite-ignore */ link.href).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

/** Runs `start` once the browser reports the first contentful paint (at once where there is none to wait for). */
function afterFirstPaint(start: () => void) {
  let started = false;
  const once = () => {
    if (!started) start();
    started = true;
  };
  // A tab opened in the background paints nothing until it is shown: nothing to wait for.
  const paintReported = (PerformanceObserver.supportedEntryTypes ?? []).includes("paint");
  if (document.visibilityState === "hidden" || !paintReported) return once();
  new PerformanceObserver((entries, observer) => {
    if (!entries.getEntriesByName("first-contentful-paint").length) return;
    observer.disconnect();
    once();
  }).observe({ type: "paint", buffered: true });
  // Never strand the app should the paint go unreported.
  setTimeout(once, 1500);
}

import "./index.css";

// Every page's HTML paints on its own: the public pages are prerendered, the others show the loading
// screen (docs/decisions/021). The app's code runs once that first paint is on screen, so on a slow
// phone it never holds the page back: a page that needs the app for its content (a signed-in page, a
// personal link) has named the code in its HTML to download meanwhile; a page that is whole as
// prerendered only starts downloading it now (docs/decisions/020).
afterFirstPaint(() => void import("./app/start"));

/** Runs `start` once the browser reports the first contentful paint (at once where there is none to wait for). */
function afterFirstPaint(start: () => void) {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  // A tab opened in the background paints nothing until it is shown: nothing to wait for.
  const paintReported =
    typeof PerformanceObserver !== "undefined" && (PerformanceObserver.supportedEntryTypes ?? []).includes("paint");
  if (document.visibilityState === "hidden" || !paintReported) return once();
  new PerformanceObserver((entries, observer) => {
    if (!entries.getEntriesByName("first-contentful-paint").length) return;
    observer.disconnect();
    once();
  }).observe({ type: "paint", buffered: true });
  // Never strand the app should the paint go unreported (e.g. the tab hidden before it painted).
  setTimeout(once, 1500);
}

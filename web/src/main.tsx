import "./index.css";
import { askFirstRequests } from "./app/first-requests";
import { fetchPageCode } from "./app/page-code";
import { onFirstEvent } from "./lib/on-first-event";
import { sessionStorageKey } from "./lib/auth/auth-client";
import { warmLocaleData } from "./lib/warm-locale-data";

// Every page's HTML paints on its own: the public pages are prerendered, the others show the loading
// screen (docs/decisions/021). The app's code runs once that first paint is on screen, so on a slow
// phone it never holds the page back: a page that needs the app for its content (a signed-in page, a
// personal link) has named the code in its HTML to download meanwhile; a page that is whole as
// prerendered lists it in an inert template and only starts downloading it now (app/page-code.ts,
// docs/decisions/020).
//
// A page that works entirely as prerendered (links only: home, terms, privacy; data-start="intent")
// costs a visitor no script at all until they interact with it: its links are links, its mobile menu
// a native popover. Someone signed in gets the app at once, so the header shows their account.
// The page's data is asked for first: it travels while the app's code downloads and starts. A page
// that shows data words times in it: Intl's data loads meanwhile, on another core.
void askFirstRequests(window.location).then((asked) => asked > 0 && warmLocaleData());
const start = () => {
  fetchPageCode(document);
  void import("./app/start");
};
const root = document.getElementById("root");
// The visitor's first touch, click, key or focus starts it (a scroll of the wheel alone is reading).
if (root?.dataset.start === "intent" && !hasStoredSession())
  onFirstEvent(["pointerdown", "touchstart", "keydown", "focusin"], start);
else afterFirstPaint(start);

/** Runs `start` once the browser reports the first contentful paint (at once where there is none to wait for). */
function afterFirstPaint(begin: () => void) {
  const once = runOnce(begin);
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

function runOnce(run: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    run();
  };
}

/** A session is stored (or arriving in the address, from an e-mailed link). */
function hasStoredSession(): boolean {
  try {
    return (
      window.localStorage.getItem(sessionStorageKey(window.location.hostname)) !== null ||
      window.location.hash.includes("access_token=")
    );
  } catch {
    return true;
  }
}

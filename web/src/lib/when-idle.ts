import { onFirstEvent } from "./on-first-event";

/** How long after the page's load event deferred work waits before looking for an idle moment. */
export const AFTER_LOAD_MS = 2_000;

/**
 * Runs `run` a moment after the page has loaded, when the browser is idle (cancel with the returned
 * function): for work the first screen does not need, such as keeping a session fresh. The browser
 * is idle often while a page's code and data are still on their way (waiting on the network), so
 * idleness alone would start the work right in the middle of the page's start.
 */
export function whenIdle(run: () => void): () => void {
  let cancel: () => void = () => undefined;
  const whenQuiet = () => {
    if (typeof window.requestIdleCallback === "function") {
      const id = window.requestIdleCallback(run, { timeout: 2000 });
      cancel = () => window.cancelIdleCallback(id);
    } else run();
  };
  const afterLoad = () => {
    const id = window.setTimeout(whenQuiet, AFTER_LOAD_MS);
    cancel = () => window.clearTimeout(id);
  };
  if (document.readyState === "complete") afterLoad();
  else {
    window.addEventListener("load", afterLoad, { once: true });
    cancel = () => window.removeEventListener("load", afterLoad);
  }
  return () => cancel();
}

/**
 * Runs `run` once: when the loaded page is idle (whenIdle), or at the first of these events if that
 * comes sooner (cancel with the returned function). For what a page does not need to show itself but
 * the visitor's first act may: the toaster (app/provider.tsx), the emergency selector's code
 * (app/layouts/header/signed-in-header.tsx).
 */
export function whenIdleOrFirst(types: readonly string[], run: () => void): () => void {
  const stop = () => {
    cancelIdle();
    stopListening();
  };
  const once = () => {
    stop();
    run();
  };
  const cancelIdle = whenIdle(once);
  const stopListening = onFirstEvent(types, once);
  return stop;
}

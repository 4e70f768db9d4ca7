/**
 * Runs `run` once the page has loaded and the browser is idle (cancel with the returned function):
 * for work the first screen does not need, so it never competes with the page's own code and data.
 */
export function whenIdle(run: () => void): () => void {
  let cancel = () => undefined as void;
  const schedule = () => {
    if (typeof window.requestIdleCallback === "function") {
      const id = window.requestIdleCallback(run, { timeout: 2000 });
      cancel = () => window.cancelIdleCallback(id);
    } else {
      const id = window.setTimeout(run, 500);
      cancel = () => window.clearTimeout(id);
    }
  };
  if (document.readyState === "complete") schedule();
  else {
    window.addEventListener("load", schedule, { once: true });
    cancel = () => window.removeEventListener("load", schedule);
  }
  return () => cancel();
}

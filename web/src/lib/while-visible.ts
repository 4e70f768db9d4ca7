/**
 * Runs `start` while the tab is visible: at once if it is, again each time it is shown; the function
 * `start` returns stops it when the tab is hidden. Returns what ends it all. A clock on screen uses
 * it to stop ticking in a hidden tab (browsers throttle it anyway) and catch up when shown again.
 */
export function whileVisible(start: () => () => void): () => void {
  let stop: (() => void) | null = null;
  const onVisibility = () => {
    if (document.hidden) {
      stop?.();
      stop = null;
    } else stop ??= start();
  };
  onVisibility();
  document.addEventListener("visibilitychange", onVisibility);
  return () => {
    stop?.();
    document.removeEventListener("visibilitychange", onVisibility);
  };
}

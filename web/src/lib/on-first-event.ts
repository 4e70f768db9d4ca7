/**
 * Runs `run` once, at the first of these events anywhere on the page (caught on the way down, before
 * the page's own handlers); the returned function stops listening. For work that waits for the
 * visitor: the app on a page of links (main.tsx); with whenIdle, whenIdleOrFirst (lib/when-idle.ts).
 */
export function onFirstEvent(types: readonly string[], run: () => void): () => void {
  const stop = () => {
    for (const type of types) window.removeEventListener(type, first, true);
  };
  const first = () => {
    stop();
    run();
  };
  for (const type of types) window.addEventListener(type, first, { capture: true, passive: true });
  return stop;
}

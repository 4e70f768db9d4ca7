import { whenIdle } from "./when-idle";

/**
 * Registers the service worker (src/sw/sw.ts), which the build writes to /sw.js: the built app only
 * (the dev server has none). Called by the signed-in layout, so only the owner's app registers it:
 * a visitor of the public pages or a recipient's access page never gets one. Once the loaded page is
 * idle: installing fetches the whole app shell, which must not compete with the page's own start.
 * A browser without service workers simply has none.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  whenIdle(() => {
    navigator.serviceWorker.register("/sw.js").catch((error: unknown) => console.warn("service worker:", error));
  });
}

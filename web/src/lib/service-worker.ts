import { whenIdle } from "./when-idle";

/** A recipient's access pages: nothing of the owner's app (its worker, its install prompt) belongs there. */
export const isRecipientPage = (pathname: string): boolean => /^\/access(\/|$)/i.test(pathname);

/**
 * Registers the service worker (src/sw/sw.ts), which the build writes to /sw.js: the built app only
 * (the dev server has none), and never from a recipient's access page. Once the loaded page is idle:
 * installing fetches the whole app shell, which must not compete with the page's own start. A
 * browser without service workers simply has none.
 */
export function registerServiceWorker(pathname: string): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator) || isRecipientPage(pathname)) return;
  whenIdle(() => {
    navigator.serviceWorker.register("/sw.js").catch((error: unknown) => console.warn("service worker:", error));
  });
}

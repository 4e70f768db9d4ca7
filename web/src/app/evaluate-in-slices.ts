import { yieldToBrowser } from "@/lib/yield-to-browser";

// Importing a page evaluates every file of its code that has not run yet in one task: 100–160 ms of
// main thread for the dashboard on the test machine (×4 on a slow phone), during which a tap waits.
// The page's HTML names its files, each after the files it imports (web/vite.config.ts); evaluating
// them in that order, one file per task, spreads the same work over short tasks.

/**
 * Evaluates the files the document preloads, in document order, each in a task of its own: a file
 * is evaluated at once (a few to 30 ms here), and two in one task can make a long one. A file that
 * fails to load is left to the page's own import, which reports it.
 */
export async function evaluateInSlices(): Promise<void> {
  const links = document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]');
  for (const link of links) {
    await import(/* @vite-ignore */ link.href).catch(() => undefined);
    await yieldToBrowser();
  }
}

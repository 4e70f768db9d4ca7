/**
 * What the service worker does with a request:
 * - "network": leaves it alone (no answer from the worker, nothing stored);
 * - "page": a navigation, from the network, and the offline page when there is none (never stored);
 * - "shell": a file of the precached app shell, from the cache.
 * Only the shell is ever cached: API answers, sign-in, a recipient's access pages and anything
 * with a query (a personal link's token) are never written to a cache.
 */
export type FetchRoute = "network" | "page" | "shell";

/** The server's own paths: answers about a person, never a page of the app shell. */
const serverOwned = /^\/(api|auth|access|functions|realtime|dev|media|docs|healthz|readyz)(\/|$)/;

export function fetchRoute(
  request: { method: string; url: string; mode: string },
  origin: string,
  shell: ReadonlySet<string>,
): FetchRoute {
  if (request.method !== "GET") return "network";
  const url = new URL(request.url);
  if (url.origin !== origin || serverOwned.test(url.pathname)) return "network";
  if (request.mode === "navigate") return "page";
  return url.search === "" && shell.has(url.pathname) ? "shell" : "network";
}

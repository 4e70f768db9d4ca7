import { useEffect, useSyncExternalStore } from "react";

// A page whose name comes from its data (a message's title) names the browser tab after it; the
// route's own title stands until the data is there and again once the page is left. Only signed-in
// pages use it for the owner's own words: their tab, their history.

let current: string | null = null;
const listeners = new Set<() => void>();

function set(title: string | null) {
  current = title;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The title a page set for itself, or null (DocumentHead then uses the route's). */
export function usePageTitleOverride(): string | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}

/** Names the tab after `title` while the calling page is shown (null or empty: the route's title). */
export function usePageTitle(title: string | null | undefined) {
  useEffect(() => {
    if (!title) return;
    set(title);
    return () => set(null);
  }, [title]);
}

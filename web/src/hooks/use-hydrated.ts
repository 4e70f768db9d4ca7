import { useSyncExternalStore } from "react";

const never = () => () => undefined;

/**
 * False while React takes over a prerendered page's markup (and in the prerender itself), true
 * from the render after. A page the app renders from scratch is true at once.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}

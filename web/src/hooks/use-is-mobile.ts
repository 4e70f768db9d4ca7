import { MOBILE_BREAKPOINT_PX } from "@trigger-switch/contracts";
import { useSyncExternalStore } from "react";

// Spec §9: below 768 px is mobile. matchMedia (not resize events) so tests can set the width.
const query = `(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`;

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(query);
  list.addEventListener("change", onChange);
  return () => list.removeEventListener("change", onChange);
}

export function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

import { CONDITIONS_UPDATED_EVENT } from "@trigger-switch/contracts";

/** Spec §4: every change to conditions is announced with the conditions-updated window event. */
export function announceConditionsUpdated(): void {
  window.dispatchEvent(new Event(CONDITIONS_UPDATED_EVENT));
}

import { CONDITIONS_UPDATED_EVENT, type ConditionChangeKind } from "@trigger-switch/contracts";

/** What kind of change a live update was (spec §4 "Live updates"; classified in contracts). */
export type { ConditionChangeKind };

/** The `detail` of a conditions-updated event that came from the realtime channel. */
export interface ConditionsUpdatedDetail {
  kind: ConditionChangeKind;
  conditionId: string;
  messageId: string;
}

/**
 * Spec §4: every change to conditions is announced with the conditions-updated window event.
 * Changes this tab made itself carry no detail; live updates say what changed.
 */
export function announceConditionsUpdated(detail?: ConditionsUpdatedDetail): void {
  window.dispatchEvent(detail ? new CustomEvent<ConditionsUpdatedDetail>(CONDITIONS_UPDATED_EVENT, { detail }) : new Event(CONDITIONS_UPDATED_EVENT));
}

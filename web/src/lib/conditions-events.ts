import { CONDITIONS_UPDATED_EVENT, type ConditionChangeKind } from "@trigger-switch/contracts";
import type { QueryClient } from "@tanstack/react-query";

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
  window.dispatchEvent(
    detail
      ? new CustomEvent<ConditionsUpdatedDetail>(CONDITIONS_UPDATED_EVENT, { detail })
      : new Event(CONDITIONS_UPDATED_EVENT),
  );
}

/**
 * Query keys that show conditions, by their first segment. Named here rather than imported
 * because shared code may not import features; the features' keys all start with these.
 */
const CONDITION_VIEWS = [
  "messages",
  "message",
  "message-releases",
  "message-diagnostic",
  // A condition's confirm before release and its stage (docs/decisions/041): a check-in closes a question.
  "condition-confirmation",
] as const;

/** Refetches every view of conditions in this tab: after a check-in, a live update or an alert. */
export async function invalidateConditionViews(queryClient: QueryClient): Promise<void> {
  await Promise.all(CONDITION_VIEWS.map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
}

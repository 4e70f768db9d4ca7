import { classifyConditionUpdate, type RealtimeConditionUpdate } from "@trigger-switch/contracts";
import type { QueryClient } from "@tanstack/react-query";
import { toast } from "@/lib/toast";
import { announceConditionsUpdated, invalidateConditionViews } from "../conditions-events";
import { isOwnCheckIn } from "./own-check-ins";

/** Toast id: one check-in resets several conditions (one UPDATE each) but is one event for the owner. */
const REMOTE_CHECK_IN_TOAST = "remote-check-in";

/**
 * A condition changed somewhere else (another device, the messaging app, the engine firing):
 * announce it (spec §4), refresh what shows it, and tell the owner about a check-in they did not
 * make in this tab. The header refreshes itself from the event.
 */
export function applyConditionUpdate(update: RealtimeConditionUpdate, queryClient: QueryClient): void {
  const kind = classifyConditionUpdate(update);
  announceConditionsUpdated({ kind, conditionId: update.new.id, messageId: update.new.message_id });
  void invalidateConditionViews(queryClient);
  if (kind === "check-in" && !isOwnCheckIn()) {
    toast.success("Checked in from another device", {
      id: REMOTE_CHECK_IN_TOAST,
      description: "Your Trigger Switch timers have been reset.",
    });
  }
}

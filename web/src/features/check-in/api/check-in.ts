import { checkInAnswerSchema, type CheckInAnswer } from "@trigger-switch/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "@/lib/api-client";
import { announceConditionsUpdated, invalidateConditionViews } from "@/lib/conditions-events";
import { noteOwnCheckIn } from "@/lib/realtime/own-check-ins";
import { useApi } from "@/lib/services";
import { checkInToasts } from "../utils/check-in-toasts";

/** POST /api/check-in: every check-in condition's timer restarts now; the answer says what it met and cancelled. */
export function checkIn(api: ApiClient): Promise<CheckInAnswer> {
  return api.post("/api/check-in", undefined, checkInAnswerSchema);
}

/**
 * One check-in mutation with spec §8's toasts: 'Checking in...' while it runs, then the outcome
 * (`told`; by default 'Check-In Successful') or 'Check-In Failed'. Afterwards every view of the
 * conditions reloads (this tab's queries, and other tabs and the header through the
 * conditions-updated event).
 */
export function useCheckInMutation<Answer>(
  send: () => Promise<Answer>,
  told: (answer: Answer, toastId: string | number) => void = (_answer, id) => checkInToasts.success(id),
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onMutate: () => ({ toastId: checkInToasts.start() }),
    onSuccess: async (answer, _vars, context) => {
      told(answer, context.toastId);
      announceConditionsUpdated();
      await invalidateConditionViews(queryClient);
    },
    onError: (error, _vars, context) => checkInToasts.failure(error, context?.toastId),
    // The failure toast above is the spec's; the generic one would repeat it.
    meta: { silentError: true },
  });
}

/** The app's own check-in (header button, dashboard). */
export function useCheckIn() {
  const api = useApi();
  return useCheckInMutation(
    () => {
      // Before the request: the realtime echo of this check-in can arrive before the answer.
      noteOwnCheckIn();
      return checkIn(api);
    },
    (answer, id) => checkInToasts.answered(answer, id),
  );
}

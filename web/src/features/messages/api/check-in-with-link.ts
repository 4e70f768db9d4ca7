import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiClient } from "@/lib/api-client";
import { announceConditionsUpdated } from "@/lib/conditions-events";
import { useApi } from "@/lib/services";
import { checkInToasts } from "../utils/check-in-toasts";
import { checkInAnswerSchema } from "./check-in";
import { invalidateMessages } from "./get-messages";

/** POST /api/check-in/token { token }: the reminder link's check-in (single use, no sign-in). */
export function checkInWithLink(api: ApiClient, token: string) {
  return api.post("/api/check-in/token", { token }, checkInAnswerSchema);
}

/** Spec §8's toasts, as for the app's own check-in. A 404 means the link was used or has expired. */
export function useCheckInWithLink(token: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => checkInWithLink(api, token),
    onMutate: () => ({ toastId: checkInToasts.start() }),
    onSuccess: async (_answer, _vars, context) => {
      checkInToasts.success(context.toastId);
      // The same person may have the app open in this browser.
      announceConditionsUpdated();
      await invalidateMessages(queryClient);
    },
    onError: (error, _vars, context) => checkInToasts.failure(error, context?.toastId),
    meta: { silentError: true },
  });
}

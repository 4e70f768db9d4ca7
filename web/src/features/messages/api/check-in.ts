import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { z } from "zod";
import { isApiError, type ApiClient } from "@/lib/api-client";
import { announceConditionsUpdated } from "@/lib/conditions-events";
import { useApi } from "@/lib/services";
import { invalidateMessages } from "./get-messages";

export const checkInAnswerSchema = z.object({
  success: z.literal(true),
  checked_in_at: z.string(),
  /** How many conditions were reset (0 succeeds silently, spec §4). */
  conditions: z.number(),
  next_deadline: z.string().nullable(),
});

/** POST /api/check-in: every check-in condition's timer restarts now. */
export function checkIn(api: ApiClient) {
  return api.post("/api/check-in", undefined, checkInAnswerSchema);
}

/** Spec §8 texts: 'Checking in...' while it runs, then 'Check-In Successful' or 'Check-In Failed'. */
export function useCheckIn() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => checkIn(api),
    onMutate: () => ({ toastId: toast.loading("Checking in...", { description: "Resetting your Trigger Switch timers" }) }),
    onSuccess: async (_answer, _vars, context) => {
      toast.success("Check-In Successful", { id: context.toastId, description: "Your Trigger Switch has been reset." });
      announceConditionsUpdated();
      await invalidateMessages(queryClient);
    },
    onError: (error, _vars, context) => {
      const description = isApiError(error)
        ? error.code === "network_error"
          ? "Please try again"
          : error.message || "Unable to complete check-in"
        : "Unable to complete check-in";
      toast.error("Check-In Failed", { id: context?.toastId, description });
    },
    // The failure toast above is the spec's; the generic one would repeat it.
    meta: { silentError: true },
  });
}

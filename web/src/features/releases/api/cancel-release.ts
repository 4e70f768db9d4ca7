import { useMutation, useQueryClient } from "@tanstack/react-query";
import { releaseCancelledSchema } from "@trigger-switch/contracts";
import { useApi } from "@/lib/services";

/**
 * POST /api/messages/:id/releases/:releaseId/cancel — withdraws every recipient's link of that
 * release, only before it opens (409 afterwards: someone may have read it). Errors become the
 * usual toast (the server's 409 sentence says why).
 */
export function useCancelRelease(messageId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (releaseId: string) =>
      api.post(
        `/api/messages/${encodeURIComponent(messageId)}/releases/${encodeURIComponent(releaseId)}/cancel`,
        undefined,
        releaseCancelledSchema,
      ),
    // Refreshed after a 409 too: the list was out of date.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["message-releases"] }),
  });
}

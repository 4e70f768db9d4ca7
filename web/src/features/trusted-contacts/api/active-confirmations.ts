import { activeConfirmationSchema, type ActiveConfirmation } from "@trigger-switch/contracts";
import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import type { ApiClient } from "@/lib/api-client";
import { useAuth } from "@/lib/auth/auth-context";
import { useApi } from "@/lib/services";

/**
 * Under "messages", so a check-in, a live update of a condition (a contact's hold moves its deadline)
 * or any other change to the messages refreshes it too (lib/conditions-events.ts).
 */
export const activeConfirmationsQueryKey = (userId: string) => ["messages", "active-confirmations", userId] as const;

/** GET /api/confirmations: the owner's conditions whose contacts are being asked, or whose release a contact held. */
export function getActiveConfirmations(api: ApiClient): Promise<ActiveConfirmation[]> {
  return api.get("/api/confirmations", z.array(activeConfirmationSchema));
}

/** A contact's answer is not a live update of its own: while contacts are asked, the list is asked again every minute. */
const ASKING_REFRESH_MS = 60_000;

export function useActiveConfirmations() {
  const api = useApi();
  const { user } = useAuth();
  return useQuery({
    queryKey: activeConfirmationsQueryKey(user?.id ?? ""),
    queryFn: () => getActiveConfirmations(api),
    enabled: user !== null,
    refetchInterval: (query) =>
      query.state.data?.some((c) => c.stage.status === "asking") ? ASKING_REFRESH_MS : false,
  });
}

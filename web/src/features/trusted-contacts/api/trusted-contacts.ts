import { trustedContactSchema, type TrustedContact, type TrustedContactInvite } from "@trigger-switch/contracts";
import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { z } from "zod";
import type { ApiClient } from "@/lib/api-client";
import { useAuth } from "@/lib/auth/auth-context";
import { useApi } from "@/lib/services";
import { confirmationQueryPrefix } from "./condition-confirmation";

export const trustedContactsQueryKey = (userId: string) => ["trusted-contacts", userId] as const;

/** DELETE /api/trusted-contacts/:id answers this. */
const removedSchema = z.object({ success: z.literal(true) });

/** GET /api/trusted-contacts: the owner's contacts, in the order invited, with each one's state (removed ones are gone). */
export function getTrustedContacts(api: ApiClient): Promise<TrustedContact[]> {
  return api.get("/api/trusted-contacts", z.array(trustedContactSchema));
}

/** `enabled: false` holds the request back until the list is needed. */
export function useTrustedContacts({ enabled = true }: { enabled?: boolean } = {}) {
  const api = useApi();
  const { user } = useAuth();
  return useQuery({
    queryKey: trustedContactsQueryKey(user?.id ?? ""),
    queryFn: () => getTrustedContacts(api),
    enabled: user !== null && enabled,
  });
}

/** Contacts appear on conditions' confirmation too (who is asked, the stage), so a change refreshes both. */
function invalidateContacts(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ["trusted-contacts"] }),
    queryClient.invalidateQueries({ queryKey: confirmationQueryPrefix }),
  ]).then(() => undefined);
}

/**
 * POST /api/trusted-contacts: the server e-mails the invitation (by e-mail only so far). Field
 * errors are shown by the form itself.
 */
export function useInviteTrustedContact() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TrustedContactInvite) => api.post("/api/trusted-contacts", input, trustedContactSchema),
    onSuccess: () => invalidateContacts(queryClient),
    meta: { silentError: true },
  });
}

/** DELETE /api/trusted-contacts/:id: their links stop working and no condition asks them any more. */
export function useRemoveTrustedContact() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/trusted-contacts/${encodeURIComponent(id)}`, removedSchema),
    onSuccess: () => invalidateContacts(queryClient),
  });
}

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  contactInvitationSchema,
  type ContactInvitation,
  type invitationAnswerBodySchema,
} from "@trigger-switch/contracts";
import type { z } from "zod";
import type { ApiClient } from "@/lib/api-client";
import { useApi } from "@/lib/services";
import { isUnknownLink, toastUnlessUnknownLink } from "./contact-link-errors";

export type InvitationAnswer = z.output<typeof invitationAnswerBodySchema>["answer"];

export const invitationQueryKey = (token: string) => ["contact-invitation", token] as const;

/**
 * POST /api/contact/invitation/lookup { token }: the invitation as it stands; it never answers it
 * (mail scanners follow links). The token travels in the body, so no log records it. Null for the
 * server's 404: an unknown link.
 */
export async function lookUpInvitation(api: ApiClient, token: string): Promise<ContactInvitation | null> {
  try {
    return await api.post("/api/contact/invitation/lookup", { token }, contactInvitationSchema);
  } catch (error) {
    if (isUnknownLink(error)) return null;
    throw error;
  }
}

/** POST /api/contact/invitation { token, answer }: accepting answers the contact's own page token, once. */
export function answerInvitation(api: ApiClient, token: string, answer: InvitationAnswer) {
  return api.post("/api/contact/invitation", { token, answer }, contactInvitationSchema);
}

export function useInvitation(token: string) {
  const api = useApi();
  // Never refetched by itself: once answered, the page shows the answer's own result.
  return useQuery({
    queryKey: invitationQueryKey(token),
    queryFn: () => lookUpInvitation(api, token),
    staleTime: Infinity,
  });
}

export function useAnswerInvitation(token: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: InvitationAnswer) => answerInvitation(api, token, answer),
    // The page token is kept out of the cache: it is shown once, from the answer itself.
    onSuccess: (invitation) => queryClient.setQueryData(invitationQueryKey(token), { ...invitation, page_token: null }),
    onError: toastUnlessUnknownLink,
    meta: { silentError: true },
  });
}

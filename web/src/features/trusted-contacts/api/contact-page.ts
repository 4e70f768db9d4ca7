import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { contactPageSchema, type ContactPage } from "@trigger-switch/contracts";
import type { ApiClient } from "@/lib/api-client";
import { useApi } from "@/lib/services";
import { isUnknownLink, toastUnlessUnknownLink } from "./contact-link-errors";

export const contactPageQueryKey = (token: string) => ["contact-page", token] as const;

/** POST /api/contact/page/lookup { token }: whose trusted contact this is, and since when. Null for an unknown link. */
export async function lookUpContactPage(api: ApiClient, token: string): Promise<ContactPage | null> {
  try {
    return await api.post("/api/contact/page/lookup", { token }, contactPageSchema);
  } catch (error) {
    if (isUnknownLink(error)) return null;
    throw error;
  }
}

/** POST /api/contact/leave { token }: steps down (the state becomes `left`; leaving again changes nothing). */
export function leaveAsContact(api: ApiClient, token: string) {
  return api.post("/api/contact/leave", { token }, contactPageSchema);
}

export function useContactPage(token: string) {
  const api = useApi();
  return useQuery({
    queryKey: contactPageQueryKey(token),
    queryFn: () => lookUpContactPage(api, token),
    staleTime: Infinity,
  });
}

export function useLeaveAsContact(token: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => leaveAsContact(api, token),
    onSuccess: (page) => queryClient.setQueryData(contactPageQueryKey(token), page),
    onError: toastUnlessUnknownLink,
    meta: { silentError: true },
  });
}

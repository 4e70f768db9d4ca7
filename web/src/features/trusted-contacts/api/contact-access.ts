import { useMutation, useQueryClient } from "@tanstack/react-query";
import { contactPageSchema, type ContactPage } from "@trigger-switch/contracts";
import { isApiError, type ApiClient } from "@/lib/api-client";
import { useApi } from "@/lib/services";
import { toastUnlessUnknownLink } from "./contact-link-errors";
import { contactPageQueryKey } from "./contact-page";

/**
 * POST /api/contact/access/request { token, reason }: asks for every message the page says can be
 * asked for now, each with its own waiting period; 409 when none can. Answers the page as it now stands.
 */
export function requestAccess(api: ApiClient, token: string, reason: string) {
  return api.post("/api/contact/access/request", { token, reason }, contactPageSchema);
}

/** POST /api/contact/access/withdraw { token }: withdraws every waiting request of this contact. */
export function withdrawAccessRequests(api: ApiClient, token: string) {
  return api.post("/api/contact/access/withdraw", { token }, contactPageSchema);
}

/** The server's sentence about the reason (a 400 on that field), shown under it; null for any other failure. */
export function reasonRefusal(error: unknown): string | null {
  return (isApiError(error) && error.status === 400 && error.fields.reason) || null;
}

/**
 * A refusal may mean the page was out of date (a request ended, or the owner changed what may be
 * asked): it is looked up again. The reason's own field error is shown by the form.
 */
function useRefreshOnRefusal(token: string) {
  const queryClient = useQueryClient();
  return {
    onSuccess: (page: ContactPage) => queryClient.setQueryData(contactPageQueryKey(token), page),
    onError: (error: unknown) => {
      if (!reasonRefusal(error)) toastUnlessUnknownLink(error);
      void queryClient.invalidateQueries({ queryKey: contactPageQueryKey(token) });
    },
  };
}

export function useRequestAccess(token: string) {
  const api = useApi();
  return useMutation({
    mutationFn: (reason: string) => requestAccess(api, token, reason),
    ...useRefreshOnRefusal(token),
    meta: { silentError: true },
  });
}

export function useWithdrawAccessRequests(token: string) {
  const api = useApi();
  return useMutation({
    mutationFn: () => withdrawAccessRequests(api, token),
    ...useRefreshOnRefusal(token),
    meta: { silentError: true },
  });
}

import { billingOverviewSchema, redirectUrlSchema } from "@trigger-switch/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useAuth } from "@/lib/auth/auth-context";
import { useApi } from "@/lib/services";
import { billingQueryKey } from "./get-billing";

/** POST /api/billing/checkout → Stripe Checkout's page (the browser leaves for it). */
export function useStartCheckout() {
  const api = useApi();
  return useMutation({
    mutationFn: (interval: "month" | "year") => api.post("/api/billing/checkout", { interval }, redirectUrlSchema),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

/** POST /api/billing/portal → Stripe's customer portal (cards, invoices, cancellation). */
export function useOpenPortal() {
  const api = useApi();
  return useMutation({
    mutationFn: () => api.post("/api/billing/portal", {}, redirectUrlSchema),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

/** POST /api/billing/cancel or /resume: the answer is the new overview. */
export function useSetCancel() {
  const api = useApi();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cancel: boolean) =>
      api.post(`/api/billing/${cancel ? "cancel" : "resume"}`, {}, billingOverviewSchema),
    onSuccess: (overview) => queryClient.setQueryData(billingQueryKey(user?.id ?? ""), overview),
  });
}

import { billingOverviewSchema, type BillingOverview } from "@trigger-switch/contracts";
import { useQuery } from "@tanstack/react-query";
import { useAuth } from "@/lib/auth/auth-context";
import { useApi } from "@/lib/services";

export const billingQueryKey = (userId: string) => ["billing", userId] as const;

/** GET /api/billing: plan, usage, both plans and the subscription. `waitingForUpgrade` polls after Checkout. */
export function useBilling({ waitingForUpgrade = false }: { waitingForUpgrade?: boolean } = {}) {
  const api = useApi();
  const { user } = useAuth();
  return useQuery({
    queryKey: billingQueryKey(user?.id ?? ""),
    queryFn: (): Promise<BillingOverview> => api.get("/api/billing", billingOverviewSchema),
    enabled: user !== null,
    // Stripe's webhook usually lands within seconds of the return from Checkout.
    refetchInterval: (query) => (waitingForUpgrade && query.state.data?.plan !== "plus" ? 2000 : false),
  });
}

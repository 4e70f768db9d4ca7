import { recipientSchema, type Recipient } from "@trigger-switch/contracts";
import { useQuery, type QueryClient } from "@tanstack/react-query";
import { z } from "zod";
import type { ApiClient } from "@/lib/api-client";
import { useAuth } from "@/lib/auth/auth-context";
import { useApi } from "@/lib/services";

export const recipientsQueryKey = (userId: string) => ["recipients", userId] as const;

/** GET /api/recipients: the owner's address book. */
export function getRecipients(api: ApiClient): Promise<Recipient[]> {
  return api.get("/api/recipients", z.array(recipientSchema));
}

export function useRecipients() {
  const api = useApi();
  const { user } = useAuth();
  return useQuery({
    queryKey: recipientsQueryKey(user?.id ?? ""),
    queryFn: () => getRecipients(api),
    enabled: user !== null,
  });
}

/** Recipients appear on messages too, so a change refreshes both. */
export function invalidateRecipients(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ["recipients"] }),
    queryClient.invalidateQueries({ queryKey: ["messages"] }),
    queryClient.invalidateQueries({ queryKey: ["message"] }),
  ]).then(() => undefined);
}

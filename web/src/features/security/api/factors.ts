import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { Factor } from "@supabase/auth-js";
import { useAuth } from "@/lib/auth/auth-context";
import { useServices } from "@/lib/services";

export const factorsKey = (userId: string) => ["auth-factors", userId] as const;

/** The account's second factors as the server has them now (auth-js listFactors reads GET /user). */
export function useFactors() {
  const { auth } = useServices();
  const { user } = useAuth();
  return useQuery({
    queryKey: factorsKey(user?.id ?? ""),
    enabled: user !== null,
    queryFn: async (): Promise<Factor[]> => {
      const { data, error } = await auth.mfa.listFactors();
      if (error) throw error;
      return data.all;
    },
  });
}

export function useRefreshSecurity() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return () => {
    void queryClient.invalidateQueries({ queryKey: factorsKey(user?.id ?? "") });
    void queryClient.invalidateQueries({ queryKey: ["security-log"] });
  };
}

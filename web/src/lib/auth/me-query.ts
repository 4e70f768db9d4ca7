import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { meSchema } from "@trigger-switch/contracts";
import { useApi } from "../services";
import { useAuth } from "./auth-context";

// The server decides the admin role (ADMIN_EMAILS); spec §6's hard-coded addresses are not used.

export function useMe() {
  const { user } = useAuth();
  const api = useApi();
  const query = useQuery({
    queryKey: ["me", user?.id ?? ""],
    queryFn: () => api.get("/api/me", meSchema),
    enabled: user !== null,
    staleTime: 5 * 60 * 1000,
  });
  useEffect(() => {
    // Spec §8: header data load errors are logged only.
    if (query.error) console.error("Could not load the account role", query.error);
  }, [query.error]);
  return query;
}

/** True only when the server says so; false while loading or on error. */
export function useIsAdmin(): boolean {
  return useMe().data?.is_admin === true;
}

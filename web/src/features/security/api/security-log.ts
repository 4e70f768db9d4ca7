import { useQuery } from "@tanstack/react-query";
import { securityEventSchema } from "@trigger-switch/contracts";
import { z } from "zod";
import { useAuth } from "@/lib/auth/auth-context";
import { useApi } from "@/lib/services";
import { authRequest } from "@/lib/auth/auth-api";

export type { SecurityEventView as SecurityEvent } from "@trigger-switch/contracts";

/** GET /auth/v1/user/security-log: the newest 50 events. */
export function useSecurityLog() {
  const api = useApi();
  const { user } = useAuth();
  return useQuery({
    queryKey: ["security-log", user?.id ?? ""],
    queryFn: () => authRequest(api, "GET", "/user/security-log?limit=50", z.array(securityEventSchema)),
    enabled: user !== null,
  });
}

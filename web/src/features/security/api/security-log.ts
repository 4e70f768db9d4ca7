import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { useAuth } from "@/lib/auth/auth-context";
import { useApi } from "@/lib/services";
import { authRequest } from "@/lib/auth/auth-api";

const eventSchema = z.object({
  id: z.number(),
  kind: z.string(),
  created_at: z.string(),
  ip: z.string().nullable(),
  device: z.string().nullable(),
  detail: z.record(z.string(), z.string()),
});
export type SecurityEvent = z.infer<typeof eventSchema>;

/** GET /auth/v1/user/security-log: the newest 50 events. */
export function useSecurityLog() {
  const api = useApi();
  const { user } = useAuth();
  return useQuery({
    queryKey: ["security-log", user?.id ?? ""],
    queryFn: () => authRequest(api, "GET", "/user/security-log?limit=50", z.array(eventSchema)),
    enabled: user !== null,
  });
}

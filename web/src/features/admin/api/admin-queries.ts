import {
  adminUserListSchema,
  auditPageSchema,
  engineOverviewSchema,
  stuckDeliverySchema,
} from "@trigger-switch/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { useApi } from "@/lib/services";

/** GET /api/admin/users?q=&offset= */
export function useAdminUsers(q: string, offset: number) {
  const api = useApi();
  const params = new URLSearchParams({ offset: String(offset), limit: "25", ...(q ? { q } : {}) });
  return useQuery({
    queryKey: ["admin", "users", q, offset],
    queryFn: () => api.get(`/api/admin/users?${params}`, adminUserListSchema),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/engine, refreshed every 10 s while shown. */
export function useEngineOverview() {
  const api = useApi();
  return useQuery({
    queryKey: ["admin", "engine"],
    queryFn: () => api.get("/api/admin/engine", engineOverviewSchema),
    refetchInterval: 10_000,
  });
}

/** GET /api/admin/deliveries: parked and retrying work. */
export function useStuckDeliveries() {
  const api = useApi();
  return useQuery({
    queryKey: ["admin", "deliveries"],
    queryFn: () => api.get("/api/admin/deliveries", z.array(stuckDeliverySchema)),
    refetchInterval: 30_000,
  });
}

/** GET /api/admin/audit */
export function useAuditLog(offset: number) {
  const api = useApi();
  return useQuery({
    queryKey: ["admin", "audit", offset],
    queryFn: () => api.get(`/api/admin/audit?offset=${offset}&limit=50`, auditPageSchema),
    placeholderData: keepPreviousData,
  });
}

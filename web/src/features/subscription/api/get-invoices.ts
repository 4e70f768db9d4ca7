import { invoiceSchema } from "@trigger-switch/contracts";
import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { useAuth } from "@/lib/auth/auth-context";
import { useApi } from "@/lib/services";

/** GET /api/billing/invoices (only asked while billing is on). */
export function useInvoices(enabled: boolean) {
  const api = useApi();
  const { user } = useAuth();
  return useQuery({
    queryKey: ["billing-invoices", user?.id ?? ""],
    queryFn: () => api.get("/api/billing/invoices", z.array(invoiceSchema)),
    enabled: enabled && user !== null,
  });
}

import { serviceDiagnosticSchema, type ServiceDiagnostic } from "@trigger-switch/contracts";
import { useQuery } from "@tanstack/react-query";
import { isApiError, type ApiClient } from "@/lib/api-client";
import { useApi } from "@/lib/services";

export type Diagnostic = ServiceDiagnostic;

/** Spec §2 leaves the page's content open; a status page that is read during trouble refreshes itself. */
export const DIAGNOSTIC_REFRESH_MS = 10_000;

/**
 * GET /api/diagnostic (public). The server answers 503 *with* the status when its database is
 * down; that answer is the finding, not a failure to load, so it is read like a 200.
 */
export async function getDiagnostic(api: ApiClient): Promise<Diagnostic> {
  try {
    return await api.get("/api/diagnostic", serviceDiagnosticSchema);
  } catch (error) {
    const body = isApiError(error) && error.status === 503 ? serviceDiagnosticSchema.safeParse(error.payload) : null;
    if (body?.success) return body.data;
    throw error;
  }
}

export function useDiagnostic() {
  const api = useApi();
  return useQuery({
    queryKey: ["diagnostic"],
    queryFn: () => getDiagnostic(api),
    refetchInterval: DIAGNOSTIC_REFRESH_MS,
  });
}

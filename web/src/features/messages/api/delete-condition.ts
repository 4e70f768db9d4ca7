import type { ApiClient } from "@/lib/api-client";

/** DELETE /api/conditions/:id. */
export function deleteCondition(api: ApiClient, id: string): Promise<null> {
  return api.delete<null>(`/api/conditions/${encodeURIComponent(id)}`);
}

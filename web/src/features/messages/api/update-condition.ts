import { conditionSchema, type Condition, type ConditionUpdate } from "@trigger-switch/contracts";
import type { ApiClient } from "@/lib/api-client";
import { withTimeZone } from "@/lib/time-zone";

/** PATCH /api/conditions/:id (the type cannot change). */
export function updateCondition(api: ApiClient, id: string, changes: ConditionUpdate): Promise<Condition> {
  return api.patch(withTimeZone(`/api/conditions/${encodeURIComponent(id)}`), changes, conditionSchema);
}

import { conditionSchema, type Condition, type ConditionCreate } from "@trigger-switch/contracts";
import type { ApiClient } from "@/lib/api-client";
import { withTimeZone } from "@/lib/time-zone";

/** POST /api/messages/:id/conditions: the new condition is armed at once. */
export function createCondition(api: ApiClient, messageId: string, input: ConditionCreate): Promise<Condition> {
  return api.post(withTimeZone(`/api/messages/${encodeURIComponent(messageId)}/conditions`), input, conditionSchema);
}

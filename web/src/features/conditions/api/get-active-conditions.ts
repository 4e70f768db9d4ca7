import {
  CHECK_IN_CONDITION_TYPES,
  CONDITION_TYPES,
  CONDITIONS_EVENT_DEBOUNCE_MS,
  CONDITIONS_UPDATED_EVENT,
  HEADER_CACHE_MS,
} from "@trigger-switch/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { z } from "zod";
import type { ApiClient } from "@/lib/api-client";
import { useAuth } from "@/lib/auth/auth-context";
import { clearHeaderButtons, readHeaderButtons, writeHeaderButtons } from "@/lib/header-buttons-cache";
import { useApi } from "@/lib/services";

/** Spec §7's field list for the header buttons (is_armed added: a disarmed condition cannot fire). */
export const headerConditionSchema = z.object({
  id: z.string(),
  message_id: z.string(),
  condition_type: z.enum(CONDITION_TYPES),
  active: z.boolean(),
  is_armed: z.boolean().optional(),
  hours_threshold: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
  recipients: z.array(z.string()),
  recurring_pattern: z.unknown().nullable(),
  panic_config: z.object({ keep_armed: z.boolean().optional() }).nullable(),
});
export type HeaderCondition = z.infer<typeof headerConditionSchema>;

export const activeConditionsQueryKey = (userId: string) => ["conditions", "active", userId] as const;

/** GET /api/conditions?active=true (ordered by id). */
export function getActiveConditions(api: ApiClient): Promise<HeaderCondition[]> {
  return api.get("/api/conditions?active=true", z.array(headerConditionSchema));
}

/**
 * Whether the header shows Check In Now and Emergency (spec §2). The answer is cached for five
 * minutes in localStorage (spec §7), and a conditions-updated event clears the cache and reloads
 * it 300 ms later — repeated events within that time cause one reload.
 */
export function useHeaderConditions(): { hasCheckIn: boolean; hasPanic: boolean; panicConditions: HeaderCondition[] } {
  const api = useApi();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const userId = user?.id ?? "";
  const queryKey = activeConditionsQueryKey(userId);
  const query = useQuery({
    queryKey,
    queryFn: async () => {
      const conditions = await getActiveConditions(api);
      writeHeaderButtons(userId, conditions);
      return conditions;
    },
    enabled: user !== null,
    staleTime: HEADER_CACHE_MS,
    initialData: () => readHeaderButtons<HeaderCondition[]>(userId)?.data,
    initialDataUpdatedAt: () => readHeaderButtons<HeaderCondition[]>(userId)?.savedAt,
  });

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onUpdated = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        clearHeaderButtons();
        void queryClient.invalidateQueries({ queryKey: ["conditions", "active"] });
      }, CONDITIONS_EVENT_DEBOUNCE_MS);
    };
    window.addEventListener(CONDITIONS_UPDATED_EVENT, onUpdated);
    return () => {
      clearTimeout(timer);
      window.removeEventListener(CONDITIONS_UPDATED_EVENT, onUpdated);
    };
  }, [queryClient]);

  useEffect(() => {
    // Spec §8: header data load errors are logged only.
    if (query.error) console.error("Could not load the header's conditions", query.error);
  }, [query.error]);

  const inForce = (query.data ?? []).filter((c) => c.active && c.is_armed !== false);
  const panicConditions = inForce.filter((c) => c.condition_type === "panic_trigger");
  return {
    hasCheckIn: inForce.some((c) => (CHECK_IN_CONDITION_TYPES as readonly string[]).includes(c.condition_type)),
    hasPanic: panicConditions.length > 0,
    /** The panic conditions in force, for the Emergency button's choice of message. */
    panicConditions,
  };
}

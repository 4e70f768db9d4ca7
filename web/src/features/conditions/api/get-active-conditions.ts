import {
  canFire,
  CHECK_IN_CONDITION_TYPES,
  checkInWouldCancel,
  CONDITIONS_EVENT_DEBOUNCE_MS,
  CONDITIONS_UPDATED_EVENT,
  HEADER_CACHE_MS,
  headerConditionSchema,
  type HeaderCondition,
} from "@trigger-switch/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { z } from "zod";
import type { ApiClient } from "@/lib/api-client";
import { useAuth } from "@/lib/auth/auth-context";
import { clearHeaderButtons, readHeaderButtons, writeHeaderButtons } from "@/lib/header-buttons-cache";
import { useApi } from "@/lib/services";

export const activeConditionsQueryKey = (userId: string) => ["conditions", "active", userId] as const;

/**
 * The server lists only conditions in force (contracts' canFire); a list cached before a change is
 * held to the same rule. A field an older cached list lacks is taken as the server said it: listed.
 */
function isInForce(c: HeaderCondition): boolean {
  const nextDeadline = c.next_deadline === undefined ? "(listed by the server as in force)" : c.next_deadline;
  return canFire({ ...c, is_armed: c.is_armed ?? true, next_deadline: nextDeadline });
}

/**
 * Whether Check In Now would cancel this condition's delivery date (contracts' checkInWouldCancel);
 * false when a list cached by an older version cannot say.
 */
export function checkInWouldCancelHeader(c: HeaderCondition, now: Date): boolean {
  const { minutes_threshold, deliver_at, last_checked, armed_at, next_deadline } = c;
  if (minutes_threshold === undefined || deliver_at === undefined || next_deadline === undefined) return false;
  if (last_checked === undefined || armed_at === undefined) return false;
  return checkInWouldCancel(
    {
      condition_type: c.condition_type,
      active: c.active,
      is_armed: c.is_armed ?? true,
      hours_threshold: c.hours_threshold,
      minutes_threshold,
      recurring_pattern: null,
      deliver_at,
      last_checked,
      armed_at,
      next_deadline,
    },
    now,
  );
}

/** GET /api/conditions?active=true (ordered by id). */
export function getActiveConditions(api: ApiClient): Promise<HeaderCondition[]> {
  return api.get("/api/conditions?active=true", z.array(headerConditionSchema));
}

/**
 * Whether the header shows Check In Now and Emergency (spec §2). The answer is cached for five
 * minutes in localStorage (spec §7), and a conditions-updated event clears the cache and reloads
 * it 300 ms later — repeated events within that time cause one reload.
 */
export function useHeaderConditions(): {
  hasCheckIn: boolean;
  hasPanic: boolean;
  panicConditions: HeaderCondition[];
  checkInConditions: HeaderCondition[];
} {
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

  const inForce = (query.data ?? []).filter(isInForce);
  const panicConditions = inForce.filter((c) => c.condition_type === "panic_trigger");
  const checkInConditions = inForce.filter((c) =>
    (CHECK_IN_CONDITION_TYPES as readonly string[]).includes(c.condition_type),
  );
  return {
    hasCheckIn: checkInConditions.length > 0,
    hasPanic: panicConditions.length > 0,
    /** The panic conditions in force, for the Emergency button's choice of message. */
    panicConditions,
    /** The check-in conditions in force: what Check In Now will meet (and may cancel). */
    checkInConditions,
  };
}

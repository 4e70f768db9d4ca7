import { linkCheckInAnswerSchema } from "@trigger-switch/contracts";
import type { ApiClient } from "@/lib/api-client";
import { useApi } from "@/lib/services";
import { useCheckInMutation } from "@/features/check-in";

/** POST /api/check-in/token { token }: the reminder link's check-in (single use, no sign-in). */
export function checkInWithLink(api: ApiClient, token: string) {
  return api.post("/api/check-in/token", { token }, linkCheckInAnswerSchema);
}

/** The same toasts and reloads as the app's own check-in (the person may have the app open here). A 404 means the link was used or has expired. */
export function useCheckInWithLink(token: string) {
  const api = useApi();
  return useCheckInMutation(() => checkInWithLink(api, token));
}

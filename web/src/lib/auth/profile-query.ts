import type { Profile } from "@trigger-switch/contracts";
import type { QueryClient } from "@tanstack/react-query";
import { isApiError, type ApiClient } from "../api-client";

export const profileQueryKey = (userId: string) => ["profile", userId] as const;

/** GET /api/profile. A 404 means the user has no profile yet, which is not an error. */
export async function fetchProfile(api: ApiClient): Promise<Profile | null> {
  // The schema loads alongside the request (a signed-in start only), not in every first download.
  const schema = import("./profile-schema").then((m) => m.profileSchema);
  schema.catch(() => undefined); // awaited below unless the request fails first
  try {
    const payload = await api.get<unknown>("/api/profile");
    return (await schema).parse(payload);
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

/** After a write, the server's answer is the profile: store it instead of fetching again. */
export function storeProfile(queryClient: QueryClient, profile: Profile): void {
  queryClient.setQueryData(profileQueryKey(profile.id), profile);
}

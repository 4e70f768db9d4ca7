import { profileSchema, type ProfileUpdate } from "@trigger-switch/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { storeProfile } from "@/lib/auth/profile-query";
import { useApi } from "@/lib/services";

/** PUT /api/profile. Field errors (400 validation_failed) are shown by the form itself. */
export function useUpdateProfile() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: ProfileUpdate) => api.put("/api/profile", update, profileSchema),
    onSuccess: (profile) => storeProfile(queryClient, profile),
    meta: { silentError: true },
  });
}

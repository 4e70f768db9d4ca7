import { profileSchema } from "@trigger-switch/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { storeProfile } from "@/lib/auth/profile-query";
import { useApi } from "@/lib/services";

/** DELETE /api/profile/avatar; answers with the profile without an avatar. */
export function useDeleteAvatar() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete("/api/profile/avatar", profileSchema),
    onSuccess: (profile) => storeProfile(queryClient, profile),
  });
}

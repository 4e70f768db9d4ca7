import { profileSchema } from "@trigger-switch/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { storeProfile } from "@/lib/auth/profile-query";
import { useApi } from "@/lib/services";

/** POST /api/profile/avatar as multipart field `file`; answers with the updated profile. */
export function useUploadAvatar() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append("file", file);
      return api.upload("/api/profile/avatar", body, profileSchema);
    },
    onSuccess: (profile) => storeProfile(queryClient, profile),
  });
}

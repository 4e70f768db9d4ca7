import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { authSessionSchema } from "@trigger-switch/contracts";
import { z } from "zod";
import { useAuth } from "@/lib/auth/auth-context";
import { useApi, useServices } from "@/lib/services";
import { authRequest } from "@/lib/auth/auth-api";

export type { AuthSession as SessionInfo } from "@trigger-switch/contracts";

const sessionsKey = (userId: string) => ["auth-sessions", userId] as const;

/** GET /auth/v1/user/sessions: where the account is signed in. */
export function useSessions() {
  const api = useApi();
  const { user } = useAuth();
  return useQuery({
    queryKey: sessionsKey(user?.id ?? ""),
    queryFn: () => authRequest(api, "GET", "/user/sessions", z.array(authSessionSchema)),
    enabled: user !== null,
  });
}

/** Ends one session (its tokens stop at once) or, with "others", every session but this one. */
export function useEndSessions() {
  const api = useApi();
  const { auth } = useServices();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (which: { sessionId: string } | "others") => {
      if (which === "others") {
        const { error } = await auth.signOut({ scope: "others" });
        if (error) throw error;
        return;
      }
      await authRequest(api, "DELETE", `/user/sessions/${encodeURIComponent(which.sessionId)}`);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: sessionsKey(user?.id ?? "") });
      void queryClient.invalidateQueries({ queryKey: ["security-log"] });
    },
  });
}

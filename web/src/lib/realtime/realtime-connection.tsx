import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { invalidateAccessRequestViews } from "../access-request-views";
import { useAuth } from "../auth/auth-context";
import { useServices } from "../services";
import { invalidateConditionViews } from "../conditions-events";
import { applyConditionUpdate } from "./apply-update";
import { createRealtimeClient, realtimeUrl, type RealtimeClient } from "./realtime-client";

/**
 * Keeps the live-updates socket in step with the session: open while signed in, re-authenticated
 * when auth-js refreshes the token (TOKEN_REFRESHED gives a new access_token), closed on sign-out.
 * A CHANGED frame refetches the views of the owner's requests for access. After a lost connection
 * the views of conditions and of requests are refetched (what changed meanwhile was never sent),
 * and a client that gave up tries again when the tab is shown or the network comes back.
 * Renders nothing. Without `openSocket` in the services (component tests) there is no socket.
 */
export function RealtimeConnection() {
  const { openSocket } = useServices();
  const { session } = useAuth();
  const queryClient = useQueryClient();
  const client = useRef<RealtimeClient | null>(null);
  const token = session?.access_token ?? null;

  useEffect(() => {
    if (!openSocket) return;
    const created = createRealtimeClient({
      url: realtimeUrl(),
      openSocket,
      onUpdate: (update) => applyConditionUpdate(update, queryClient),
      onChanged: () => void invalidateAccessRequestViews(queryClient),
      onResubscribed: () =>
        void Promise.all([invalidateConditionViews(queryClient), invalidateAccessRequestViews(queryClient)]),
    });
    client.current = created;
    const resume = () => document.visibilityState === "visible" && created.resume();
    window.addEventListener("online", resume);
    document.addEventListener("visibilitychange", resume);
    return () => {
      window.removeEventListener("online", resume);
      document.removeEventListener("visibilitychange", resume);
      created.close();
      client.current = null;
    };
  }, [openSocket, queryClient]);

  useEffect(() => {
    client.current?.setToken(token);
  }, [token, openSocket]);

  return null;
}

import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useAuth } from "../auth/auth-context";
import { useServices } from "../services";
import { applyConditionUpdate } from "./apply-update";
import { createRealtimeClient, realtimeUrl, type RealtimeClient } from "./realtime-client";

/**
 * Keeps the live-updates socket in step with the session: open while signed in, re-authenticated
 * when auth-js refreshes the token (TOKEN_REFRESHED gives a new access_token), closed on sign-out.
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
    });
    client.current = created;
    return () => {
      created.close();
      client.current = null;
    };
  }, [openSocket, queryClient]);

  useEffect(() => {
    client.current?.setToken(token);
  }, [token, openSocket]);

  return null;
}

import { REALTIME_CLOSE } from "@trigger-switch/contracts";
import type { AuthService } from "../auth/auth-service.ts";
import { AppError } from "../errors.ts";
import type { RealtimeClient } from "./realtime-client.ts";
import type { SocketRegistry } from "./socket-registry.ts";

export const SESSION_ENDED = "Your session has ended. Sign in again to receive live updates.";

/**
 * Whether the client's session is still live (its latest token verifies and the session was not
 * signed out or revoked). A dead session is told, closed with 4401 and forgotten. Any other
 * failure (database down) answers false without closing: no data goes out unchecked, but a
 * blip on our side does not log every tab out.
 */
export async function checkClientSession({
  auth,
  registry,
  client,
  log,
}: {
  auth: AuthService;
  registry: SocketRegistry;
  client: RealtimeClient;
  log: { warn(obj: object, msg: string): void };
}): Promise<boolean> {
  if (!client.user || !client.token) return false;
  try {
    const user = await auth.authenticate(`Bearer ${client.token}`);
    return user.id === client.user.id;
  } catch (err) {
    if (err instanceof AppError && err.code === "unauthorized") {
      registry.remove(client);
      client.send({ type: "error", message: SESSION_ENDED });
      client.close(REALTIME_CLOSE.unauthorized, "session ended");
    } else {
      log.warn({ err }, "realtime: could not check a session; update withheld");
    }
    return false;
  }
}

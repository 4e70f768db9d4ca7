import type { FastifyInstance } from "fastify";
import type { AuthDeps } from "../auth-deps.ts";
import { authenticateBearer } from "../flows/authenticate-bearer.ts";
import { updateUser } from "../flows/update-user.ts";
import { GoTrueError } from "../gotrue-error.ts";
import type { EndScope } from "../sessions/end-sessions.ts";
import { endSessions } from "../sessions/end-sessions.ts";
import { recordSecurityEvent } from "../security/security-event.ts";
import { needsStepUp, requireStepUp } from "../sessions/step-up.ts";
import { loadUser } from "../users/load-user.ts";
import { serializeUser } from "../users/serialize-user.ts";
import { bodyOf, clientInfo, queryParam, rateLimit } from "./request-helpers.ts";

export function userRoutes(app: FastifyInstance, deps: AuthDeps): void {
  app.get("/user", async (req) => {
    const auth = await authenticateBearer(deps, req.headers.authorization);
    const loaded = await loadUser({ db: deps.db, userId: auth.user.id });
    if (!loaded) throw new GoTrueError(404, "user_not_found", "User not found");
    return serializeUser(loaded);
  });

  app.put(
    "/user",
    { config: rateLimit({ max: 30, timeWindow: "5 minutes", errorCode: "over_request_rate_limit" }) },
    async (req) => {
      const auth = await authenticateBearer(deps, req.headers.authorization);
      return updateUser(deps, {
        auth,
        body: bodyOf(req),
        redirectTo: queryParam(req, "redirect_to"),
        origin: clientInfo(req),
      });
    },
  );

  app.post("/logout", async (req, reply) => {
    const scope = queryParam(req, "scope") ?? "global";
    if (scope !== "global" && scope !== "local" && scope !== "others") {
      throw new GoTrueError(
        400,
        "validation_failed",
        `Unsupported logout scope "${scope.slice(0, 20)}": use global, local or others`,
      );
    }
    const auth = await authenticateBearer(deps, req.headers.authorization);
    // A password alone (aal1 on an account with a factor) may end its own session, not the owner's others.
    if (scope === "others") requireStepUp(auth);
    const effective = scope === "global" && needsStepUp(auth) ? "local" : (scope as EndScope);
    const ended = await endSessions({
      db: deps.db,
      clock: deps.clock,
      userId: auth.user.id,
      sessionId: auth.sessionId,
      scope: effective,
    });
    if (scope === "others" && ended > 0)
      await recordSecurityEvent({
        db: deps.db,
        clock: deps.clock,
        userId: auth.user.id,
        kind: "other_sessions_ended",
        origin: clientInfo(req),
        detail: { count: String(ended) },
      });
    return reply.status(204).send();
  });
}

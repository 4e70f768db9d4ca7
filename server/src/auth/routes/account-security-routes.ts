import type { SecurityEventView } from "@trigger-switch/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AuthDeps } from "../auth-deps.ts";
import { authenticateBearer } from "../flows/authenticate-bearer.ts";
import { resendLink } from "../flows/resend-link.ts";
import { GoTrueError } from "../gotrue-error.ts";
import { describeDevice } from "../security/describe-device.ts";
import { listSessions } from "../security/list-sessions.ts";
import { listSecurityEvents, recordSecurityEvent } from "../security/security-event.ts";
import { endSessions } from "../sessions/end-sessions.ts";
import { requireStepUp } from "../sessions/step-up.ts";
import { UUID } from "../factors/find-owned-factor.ts";
import { bodyOf, clientInfo, queryParam, rateLimit } from "./request-helpers.ts";

const security = [{ bearer: [] }];

/**
 * Our additions beside GoTrue's API (docs/decisions/017): the account's sessions and security
 * log, ending one session, and GoTrue's /resend. On an account with a second factor, the
 * session list and the log need aal2 like everything else the owner can see.
 */
export function accountSecurityRoutes(app: FastifyInstance, deps: AuthDeps): void {
  app.get(
    "/user/sessions",
    { schema: { tags: ["auth"], summary: "My live sessions (device, address, created, last used)", security } },
    async (req) => {
      const auth = await authenticateBearer(deps, req.headers.authorization);
      requireStepUp(auth);
      return listSessions({ db: deps.db, clock: deps.clock, userId: auth.user.id, currentSessionId: auth.sessionId });
    },
  );

  app.delete(
    "/user/sessions/:sessionId",
    {
      config: rateLimit({ max: 60, timeWindow: "5 minutes", errorCode: "over_request_rate_limit" }),
      schema: {
        tags: ["auth"],
        summary: "End one of my sessions: its tokens stop working at once",
        security,
        params: z.object({ sessionId: z.string().max(100) }),
      },
    },
    async (req, reply) => {
      const auth = await authenticateBearer(deps, req.headers.authorization);
      requireStepUp(auth);
      const { sessionId } = req.params as { sessionId: string };
      const ended = UUID.test(sessionId)
        ? await endSessions({ db: deps.db, clock: deps.clock, userId: auth.user.id, sessionId, scope: "local" })
        : 0;
      if (ended === 0)
        throw new GoTrueError(404, "session_not_found", "No such session on this account (it may have ended already).");
      await recordSecurityEvent({
        db: deps.db,
        clock: deps.clock,
        userId: auth.user.id,
        kind: "session_ended",
        origin: clientInfo(req),
      });
      return reply.status(204).send();
    },
  );

  app.get(
    "/user/security-log",
    {
      schema: {
        tags: ["auth"],
        summary: "My security log: sign-ins, failed sign-ins, factor, password and e-mail changes",
        security,
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(200).optional() }),
      },
    },
    async (req) => {
      const auth = await authenticateBearer(deps, req.headers.authorization);
      requireStepUp(auth);
      const limit = Number(queryParam(req, "limit") ?? 50);
      const events = await listSecurityEvents({ db: deps.db, userId: auth.user.id, limit });
      return events.map((e): SecurityEventView => ({
        id: e.id,
        kind: e.kind,
        created_at: e.createdAt.toISOString(),
        ip: e.ip,
        device: e.userAgent ? describeDevice(e.userAgent) : null,
        detail: e.detail,
      }));
    },
  );

  app.post(
    "/resend",
    {
      config: rateLimit({ max: 10, timeWindow: "15 minutes", errorCode: "over_email_send_rate_limit" }),
      schema: {
        tags: ["auth"],
        summary: "Send the sign-up confirmation (or the pending e-mail change link) again",
        body: z
          .object({ type: z.string().max(20), email: z.string().max(320) })
          .passthrough()
          .nullish(),
      },
    },
    async (req) => {
      await resendLink(deps, { body: bodyOf(req), redirectTo: queryParam(req, "redirect_to") });
      // The same empty answer whether or not the address has an account.
      return {};
    },
  );
}

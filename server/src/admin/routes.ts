import {
  adminDoneSchema,
  adminReasonSchema,
  adminUserListSchema,
  adminUserQuerySchema,
  auditPageSchema,
  disableResultSchema,
  engineOverviewSchema,
  stuckDeliverySchema,
} from "@trigger-switch/contracts";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../app-deps.ts";
import { currentUser } from "../http/authenticate.ts";
import { idParams, security } from "../http/route-schemas.ts";
import { notFound } from "../errors.ts";
import { discardStuckDelivery } from "./discard-stuck-delivery.ts";
import { listAuditLog } from "./list-audit-log.ts";
import { listStuckDeliveries } from "./list-stuck-deliveries.ts";
import { listUsers, readAdminUser } from "./list-users.ts";
import { readEngineOverview } from "./read-engine-overview.ts";
import type { AdminActor } from "./record-admin-action.ts";
import { requireAdmin } from "./require-admin.ts";
import { retryStuckDelivery } from "./retry-stuck-delivery.ts";
import { setUserDisabled } from "./set-user-disabled.ts";

const tags = ["admin"];
const pageQuery = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

function actorOf(req: FastifyRequest): AdminActor {
  const agent = req.headers["user-agent"];
  return {
    user: currentUser(req),
    origin: { ip: req.ip ?? null, userAgent: typeof agent === "string" ? agent : null },
  };
}

/**
 * /api/admin/*: the operator's API (docs/decisions/019). Every route answers 401 signed out and
 * 403 to anyone who is not an admin, before looking at what was sent; every change is written to
 * the audit log with who, what, when and from where. Nothing here reads a message's title, text or
 * attachments.
 */
export const adminRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;
  const { clock, config, masterKeys } = deps;
  // onRequest, not preHandler: the role is checked before the body is parsed and before any
  // schema runs, so a signed-out caller gets 401 and a non-admin 403 whatever they send — never a
  // 400 or 415 that would describe the route's shape to someone who may not use it.
  app.addHook("onRequest", requireAdmin(deps.auth));
  // The actions' body is optional ({ reason? }): an empty JSON body counts as no body, like none at all.
  const json = app.getDefaultJsonParser("error", "error");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (req, body, done) =>
    (body as string).trim() === "" ? done(null, undefined) : json(req, body as string, done),
  );

  app.get(
    "/users",
    {
      schema: {
        tags,
        security,
        summary: "Accounts, newest first; ?q= searches addresses",
        querystring: adminUserQuerySchema,
        response: { 200: adminUserListSchema },
      },
    },
    (req) =>
      listUsers({
        db,
        clock,
        config,
        q: req.query.q?.trim() || undefined,
        offset: req.query.offset,
        limit: req.query.limit,
      }),
  );

  for (const [action, disabled] of [
    ["disable", true],
    ["enable", false],
  ] as const) {
    app.post(
      `/users/:id/${action}`,
      {
        schema: {
          tags,
          security,
          summary: disabled
            ? "Disable an account: sign-in refused, sessions ended, armed switches held (never released)"
            : "Enable an account: held switches armed again with a fresh clock",
          params: idParams,
          body: adminReasonSchema,
          response: { 200: disableResultSchema },
        },
      },
      async (req) => {
        const outcome = await setUserDisabled({
          db,
          clock,
          config,
          masterKeys,
          actor: actorOf(req),
          userId: req.params.id,
          disabled,
          reason: req.body?.reason,
        });
        const user = await readAdminUser({ db, clock, config, userId: req.params.id });
        if (!user) throw notFound("No such user");
        return { user, held: outcome.held, rearmed: outcome.rearmed, not_rearmed: outcome.notRearmed };
      },
    );
  }

  app.get(
    "/engine",
    {
      schema: {
        tags,
        security,
        summary: "Engine backlog, lateness, sends, failures and workers",
        response: { 200: engineOverviewSchema },
      },
    },
    () => readEngineOverview({ db, clock }),
  );

  app.get(
    "/deliveries",
    {
      schema: {
        tags,
        security,
        summary: "Parked deliveries and deliveries retrying after a failure",
        response: { 200: z.array(stuckDeliverySchema) },
      },
    },
    () => listStuckDeliveries({ db }),
  );

  app.post(
    "/deliveries/:id/retry",
    {
      schema: {
        tags,
        security,
        summary: "Retry a parked or retrying delivery now",
        params: idParams,
        body: adminReasonSchema,
        response: { 200: adminDoneSchema },
      },
    },
    async (req) => {
      await retryStuckDelivery({
        db,
        clock,
        actor: actorOf(req),
        reminderId: req.params.id,
        reason: req.body?.reason,
      });
      return { ok: true as const };
    },
  );

  app.post(
    "/deliveries/:id/discard",
    {
      schema: {
        tags,
        security,
        summary: "Give up a parked delivery for good",
        params: idParams,
        body: adminReasonSchema,
        response: { 200: adminDoneSchema },
      },
    },
    async (req) => {
      await discardStuckDelivery({
        db,
        clock,
        actor: actorOf(req),
        reminderId: req.params.id,
        reason: req.body?.reason,
      });
      return { ok: true as const };
    },
  );

  app.get(
    "/audit",
    {
      schema: {
        tags,
        security,
        summary: "The audit log of admin actions, newest first (read-only)",
        querystring: pageQuery,
        response: { 200: auditPageSchema },
      },
    },
    (req) => listAuditLog({ db, offset: req.query.offset, limit: req.query.limit }),
  );
};

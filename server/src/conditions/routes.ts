import { conditionCreateSchema, conditionSchema, conditionUpdateSchema } from "@trigger-switch/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../app-deps.ts";
import { currentUser } from "../http/authenticate.ts";
import { idParams, security, timeZoneQuery } from "../http/route-schemas.ts";
import { createCondition } from "./create-condition.ts";
import { deleteCondition } from "./delete-condition.ts";
import { findOwnedCondition } from "./find-owned-condition.ts";
import { listConditions } from "./list-conditions.ts";
import { setConditionArmed } from "./set-condition-armed.ts";
import { toConditionDto } from "./to-condition-dto.ts";
import { updateCondition } from "./update-condition.ts";

const tags = ["conditions"];
const listQuery = timeZoneQuery.extend({
  active: z.enum(["true", "false"], { message: "active must be true or false" }).optional(),
});

/** Trigger conditions of the caller's messages; another user's id answers 404. */
export const conditionRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;
  const { clock, config } = deps;

  app.get(
    "/conditions",
    {
      schema: {
        tags,
        security,
        summary: "My conditions, ordered by id (spec §7 header buttons: ?active=true lists only those in force)",
        querystring: listQuery,
        response: { 200: z.array(conditionSchema) },
      },
    },
    (req) =>
      listConditions({
        db,
        clock,
        userId: currentUser(req).id,
        active: req.query.active === undefined ? undefined : req.query.active === "true",
        timeZone: req.query.tz,
      }),
  );

  app.post(
    "/messages/:id/conditions",
    {
      schema: {
        tags,
        security,
        summary: "Add a trigger condition to a message (armed at once)",
        params: idParams,
        querystring: timeZoneQuery,
        body: conditionCreateSchema,
        response: { 201: conditionSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send(
        await createCondition({
          db,
          config,
          clock,
          userId: currentUser(req).id,
          messageId: req.params.id,
          input: req.body,
          timeZone: req.query.tz,
        }),
      ),
  );

  app.get(
    "/conditions/:id",
    {
      schema: {
        tags,
        security,
        summary: "Read a condition",
        params: idParams,
        querystring: timeZoneQuery,
        response: { 200: conditionSchema },
      },
    },
    async (req) =>
      toConditionDto(
        await findOwnedCondition({ db, userId: currentUser(req).id, conditionId: req.params.id }),
        clock.now(),
        req.query.tz,
      ),
  );

  app.patch(
    "/conditions/:id",
    {
      schema: {
        tags,
        security,
        summary: "Change a condition",
        params: idParams,
        querystring: timeZoneQuery,
        body: conditionUpdateSchema,
        response: { 200: conditionSchema },
      },
    },
    (req) =>
      updateCondition({
        db,
        config,
        clock,
        userId: currentUser(req).id,
        conditionId: req.params.id,
        changes: req.body,
        timeZone: req.query.tz,
      }),
  );

  app.delete(
    "/conditions/:id",
    { schema: { tags, security, summary: "Delete a condition", params: idParams } },
    async (req, reply) => {
      await deleteCondition({ db, userId: currentUser(req).id, conditionId: req.params.id });
      return reply.status(204).send();
    },
  );

  for (const [action, armed] of [
    ["arm", true],
    ["disarm", false],
  ] as const) {
    app.post(
      `/conditions/:id/${action}`,
      {
        schema: {
          tags,
          security,
          summary: armed ? "Arm a condition (its clock starts afresh)" : "Disarm a condition (it will not fire)",
          params: idParams,
          querystring: timeZoneQuery,
          response: { 200: conditionSchema },
        },
      },
      (req) =>
        setConditionArmed({
          db,
          config,
          clock,
          userId: currentUser(req).id,
          conditionId: req.params.id,
          armed,
          timeZone: req.query.tz,
        }),
    );
  }
};

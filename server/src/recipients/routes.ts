import {
  recipientCreateSchema,
  recipientDeletedSchema,
  recipientSchema,
  recipientUpdateSchema,
} from "@trigger-switch/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../app-deps.ts";
import { currentUser } from "../http/authenticate.ts";
import { idParams, security } from "../http/route-schemas.ts";
import { createRecipient } from "./create-recipient.ts";
import { deleteRecipient } from "./delete-recipient.ts";
import { findOwnedRecipient } from "./find-owned-recipient.ts";
import { listRecipients } from "./list-recipients.ts";
import { toRecipientDto } from "./to-recipient-dto.ts";
import { updateRecipient } from "./update-recipient.ts";

const tags = ["recipients"];

/** /api/recipients: the caller's address book; another user's id answers 404. */
export const recipientRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;
  const { clock, masterKeys } = deps;

  app.get(
    "/recipients",
    { schema: { tags, security, summary: "List my recipients", response: { 200: z.array(recipientSchema) } } },
    (req) => listRecipients({ db, masterKeys, userId: currentUser(req).id }),
  );

  app.post(
    "/recipients",
    {
      schema: {
        tags,
        security,
        summary: "Add a recipient",
        body: recipientCreateSchema,
        response: { 201: recipientSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send(
        await createRecipient({
          db,
          config: deps.config,
          clock,
          masterKeys,
          channels: deps.channels,
          userId: currentUser(req).id,
          input: req.body,
        }),
      ),
  );

  app.get(
    "/recipients/:id",
    { schema: { tags, security, summary: "Read a recipient", params: idParams, response: { 200: recipientSchema } } },
    async (req) =>
      toRecipientDto(
        await findOwnedRecipient({ db, masterKeys, userId: currentUser(req).id, recipientId: req.params.id }),
      ),
  );

  app.patch(
    "/recipients/:id",
    {
      schema: {
        tags,
        security,
        summary: "Change a recipient",
        params: idParams,
        body: recipientUpdateSchema,
        response: { 200: recipientSchema },
      },
    },
    (req) =>
      updateRecipient({
        db,
        config: deps.config,
        channels: deps.channels,
        clock,
        masterKeys,
        userId: currentUser(req).id,
        recipientId: req.params.id,
        changes: req.body,
      }),
  );

  app.delete(
    "/recipients/:id",
    {
      schema: {
        tags,
        security,
        summary: "Delete a recipient (removes it from every message)",
        params: idParams,
        response: { 200: recipientDeletedSchema },
      },
    },
    (req) => deleteRecipient({ db, clock, masterKeys, userId: currentUser(req).id, recipientId: req.params.id }),
  );
};

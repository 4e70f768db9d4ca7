import {
  messageCreateSchema,
  messageLocationBody,
  messageLocationResponse,
  messageListItemSchema,
  messageRecipientsSchema,
  messageSaveSchema,
  messageSchema,
  messageUpdateSchema,
} from "@trigger-switch/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { diskAttachmentStorage } from "../attachments/attachment-storage.ts";
import { deliveredBy } from "../channels/recipient-channel-rules.ts";
import type { AppDeps } from "../app-deps.ts";
import { currentUser } from "../http/authenticate.ts";
import { idParams, security, timeZoneQuery } from "../http/route-schemas.ts";
import { createMessage } from "./create-message.ts";
import { deleteMessage } from "./delete-message.ts";
import { getMessage } from "./get-message.ts";
import { listMessages } from "./list-messages.ts";
import { saveMessage } from "./save-message.ts";
import { setMessageLocation } from "./set-message-location.ts";
import { setMessageRecipients } from "./set-message-recipients.ts";
import { updateMessage } from "./update-message.ts";

const tags = ["messages"];

/** /api/messages: the caller's own messages only; another user's id answers 404. */
export const messageRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;
  const { clock, masterKeys } = deps;
  const storage = diskAttachmentStorage(deps.config.DATA_DIR);
  // What this server sends by is its configuration: readiness says who a message can reach on it.
  const delivered = deliveredBy(deps.channels);

  app.get(
    "/messages",
    {
      schema: {
        tags,
        security,
        summary: "List my messages (title and a preview)",
        querystring: timeZoneQuery,
        response: { 200: z.array(messageListItemSchema) },
      },
    },
    (req) => listMessages({ db, clock, masterKeys, userId: currentUser(req).id, timeZone: req.query.tz, delivered }),
  );

  app.post(
    "/messages",
    {
      schema: {
        tags,
        security,
        summary: "Write a message (saved encrypted)",
        body: messageCreateSchema,
        response: { 201: messageSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send(
        await createMessage({
          db,
          config: deps.config,
          clock,
          masterKeys,
          userId: currentUser(req).id,
          input: req.body,
          delivered,
        }),
      ),
  );

  // The editor's form, saved whole in one transaction: one request, all of it or none of it
  // (docs/decisions/024-one-transaction-save-owner-releases-access-page.md).
  app.post(
    "/messages/save",
    {
      schema: {
        tags,
        security,
        summary: "Write a message with its recipients and conditions, in one transaction",
        querystring: timeZoneQuery,
        body: messageSaveSchema,
        response: { 201: messageSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send(
        await saveMessage({
          db,
          config: deps.config,
          clock,
          masterKeys,
          storage,
          userId: currentUser(req).id,
          messageId: null,
          input: req.body,
          timeZone: req.query.tz,
          delivered,
        }),
      ),
  );

  app.put(
    "/messages/:id",
    {
      schema: {
        tags,
        security,
        summary: "Save the whole message (text, recipients, condition changes, removed attachments) in one transaction",
        params: idParams,
        querystring: timeZoneQuery,
        body: messageSaveSchema,
        response: { 200: messageSchema },
      },
    },
    (req) =>
      saveMessage({
        db,
        config: deps.config,
        clock,
        masterKeys,
        storage,
        userId: currentUser(req).id,
        messageId: req.params.id,
        input: req.body,
        timeZone: req.query.tz,
        delivered,
      }),
  );

  app.get(
    "/messages/:id",
    {
      schema: {
        tags,
        security,
        summary: "Read a message with its recipients, conditions and attachments",
        params: idParams,
        querystring: timeZoneQuery,
        response: { 200: messageSchema },
      },
    },
    (req) =>
      getMessage({
        db,
        clock,
        masterKeys,
        userId: currentUser(req).id,
        messageId: req.params.id,
        timeZone: req.query.tz,
        delivered,
      }),
  );

  app.patch(
    "/messages/:id",
    {
      schema: {
        tags,
        security,
        summary: "Change a message",
        params: idParams,
        querystring: timeZoneQuery,
        body: messageUpdateSchema,
        response: { 200: messageSchema },
      },
    },
    (req) =>
      updateMessage({
        db,
        clock,
        masterKeys,
        userId: currentUser(req).id,
        messageId: req.params.id,
        changes: req.body,
        timeZone: req.query.tz,
        delivered,
      }),
  );

  app.delete(
    "/messages/:id",
    { schema: { tags, security, summary: "Delete a message with its conditions and attachments", params: idParams } },
    async (req, reply) => {
      await deleteMessage({ db, storage, userId: currentUser(req).id, messageId: req.params.id });
      return reply.status(204).send();
    },
  );

  app.put(
    "/messages/:id/location",
    {
      config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
      schema: {
        tags,
        security,
        summary: "Share my current position on the message (before an emergency); the server names the place",
        params: idParams,
        body: messageLocationBody,
        response: { 200: messageLocationResponse },
      },
    },
    (req) =>
      setMessageLocation({
        db,
        clock,
        masterKeys,
        geocoder: deps.geocoder,
        userId: currentUser(req).id,
        messageId: req.params.id,
        position: req.body,
      }),
  );

  app.put(
    "/messages/:id/recipients",
    {
      schema: {
        tags,
        security,
        summary: "Set who receives the message",
        params: idParams,
        querystring: timeZoneQuery,
        body: messageRecipientsSchema,
        response: { 200: messageSchema },
      },
    },
    (req) =>
      setMessageRecipients({
        db,
        clock,
        masterKeys,
        userId: currentUser(req).id,
        messageId: req.params.id,
        recipientIds: req.body.recipient_ids,
        timeZone: req.query.tz,
        delivered,
      }),
  );
};

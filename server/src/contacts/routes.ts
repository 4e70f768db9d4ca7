import {
  accessPermissionsInputSchema,
  accessPermissionsSchema,
  activeConfirmationSchema,
  conditionConfirmationInputSchema,
  conditionConfirmationSchema,
  ownerAccessRequestSchema,
  trustedContactInviteSchema,
  trustedContactSchema,
} from "@trigger-switch/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../app-deps.ts";
import { currentUser } from "../http/authenticate.ts";
import { idParams, security } from "../http/route-schemas.ts";
import { readAccessPermissions, setAccessPermissions } from "./access-permissions.ts";
import {
  listActiveConfirmations,
  readConditionConfirmation,
  setConditionConfirmation,
  settingsFromInput,
} from "./condition-confirmation.ts";
import { contactPhoneChannels } from "./contact-channels.ts";
import { denyAccessRequest, listOwnerAccessRequests, revokeAccessGrant } from "./decide-access-request.ts";
import { inviteTrustedContact } from "./invite-contact.ts";
import { listTrustedContacts, removeTrustedContact } from "./owner-contacts.ts";

const tags = ["trusted contacts"];

/** /api/trusted-contacts and a condition's confirmation (signed in; docs/decisions/041). */
export const ownerContactRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;
  const { clock, masterKeys } = deps;
  const siteUrl = deps.config.SITE_URL;

  app.get(
    "/trusted-contacts",
    {
      schema: {
        tags,
        security,
        summary: "List my trusted contacts and their state",
        response: { 200: z.array(trustedContactSchema) },
      },
    },
    (req) => listTrustedContacts({ db, masterKeys, userId: currentUser(req).id }),
  );

  app.post(
    "/trusted-contacts",
    {
      schema: {
        tags,
        security,
        summary: "Invite a trusted contact (the invitation is e-mailed to them)",
        body: trustedContactInviteSchema,
        response: { 201: trustedContactSchema },
      },
    },
    async (req, reply) => {
      const { contact } = await inviteTrustedContact({
        db,
        clock,
        masterKeys,
        siteUrl,
        userId: currentUser(req).id,
        input: req.body,
        phoneChannels: contactPhoneChannels(deps.config),
      });
      return reply.status(201).send(contact);
    },
  );

  app.delete(
    "/trusted-contacts/:id",
    {
      schema: {
        tags,
        security,
        summary: "Remove a trusted contact: their links stop working",
        params: idParams,
        response: { 200: z.object({ success: z.literal(true) }) },
      },
    },
    async (req) => {
      await removeTrustedContact({ db, clock, userId: currentUser(req).id, contactId: req.params.id });
      return { success: true as const };
    },
  );

  app.get(
    "/conditions/:id/confirmation",
    {
      schema: {
        tags,
        security,
        summary: "A condition's confirm before release, and its stage",
        params: idParams,
        response: { 200: conditionConfirmationSchema },
      },
    },
    (req) =>
      readConditionConfirmation({ db, clock, masterKeys, userId: currentUser(req).id, conditionId: req.params.id }),
  );

  app.put(
    "/conditions/:id/confirmation",
    {
      schema: {
        tags,
        security,
        summary: "Turn confirm before release on (with its settings and contacts) or off",
        params: idParams,
        body: conditionConfirmationInputSchema,
        response: { 200: conditionConfirmationSchema },
      },
    },
    async (req) => {
      const userId = currentUser(req).id;
      await setConditionConfirmation({
        db,
        clock,
        userId,
        conditionId: req.params.id,
        settings: settingsFromInput(req.body),
        contactIds: req.body.contact_ids,
      });
      return readConditionConfirmation({ db, clock, masterKeys, userId, conditionId: req.params.id });
    },
  );

  app.get(
    "/confirmations",
    {
      schema: {
        tags,
        security,
        summary: "My conditions whose trusted contacts are being asked now, or whose release one of them held",
        response: { 200: z.array(activeConfirmationSchema) },
      },
    },
    (req) => listActiveConfirmations({ db, clock, masterKeys, userId: currentUser(req).id }),
  );

  app.get(
    "/access-requests",
    {
      schema: {
        tags,
        security,
        summary: "My trusted contacts' requests for access, newest first",
        response: { 200: z.array(ownerAccessRequestSchema) },
      },
    },
    (req) => listOwnerAccessRequests({ db, masterKeys, userId: currentUser(req).id }),
  );

  app.post(
    "/access-requests/:id/deny",
    {
      schema: {
        tags,
        security,
        summary: "Deny a waiting request for access: nothing is sent and the contact is told",
        params: idParams,
        response: { 200: ownerAccessRequestSchema },
      },
    },
    (req) => denyAccessRequest({ db, clock, masterKeys, userId: currentUser(req).id, requestId: req.params.id }),
  );

  app.post(
    "/access-requests/:id/revoke",
    {
      schema: {
        tags,
        security,
        summary: "Revoke access granted on request: the contact's link stops opening the message",
        params: idParams,
        response: { 200: ownerAccessRequestSchema },
      },
    },
    (req) => revokeAccessGrant({ db, clock, masterKeys, userId: currentUser(req).id, requestId: req.params.id }),
  );

  app.get(
    "/messages/:id/access-permissions",
    {
      schema: {
        tags,
        security,
        summary: "Which trusted contacts may ask for this message, and their waiting periods",
        params: idParams,
        response: { 200: accessPermissionsSchema },
      },
    },
    async (req) => ({
      permissions: await readAccessPermissions({ db, userId: currentUser(req).id, messageId: req.params.id }),
    }),
  );

  app.put(
    "/messages/:id/access-permissions",
    {
      schema: {
        tags,
        security,
        summary: "Set which trusted contacts may ask for this message (the whole list; none = off)",
        params: idParams,
        body: accessPermissionsInputSchema,
        response: { 200: accessPermissionsSchema },
      },
    },
    async (req) => {
      const userId = currentUser(req).id;
      await setAccessPermissions({
        db,
        clock,
        masterKeys,
        userId,
        messageId: req.params.id,
        permissions: req.body.permissions,
      });
      return { permissions: await readAccessPermissions({ db, userId, messageId: req.params.id }) };
    },
  );
};

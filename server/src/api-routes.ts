import { meSchema, serverMetaSchema } from "@trigger-switch/contracts";
import type { FastifyPluginAsync } from "fastify";
import { accessRoutes, releaseRoutes } from "./access/routes.ts";
import { adminRoutes } from "./admin/routes.ts";
import { billingRoutes } from "./billing/routes.ts";
import { accountRoutes } from "./account/routes.ts";
import { checkInRoutes, checkInTokenRoutes } from "./engine/routes.ts";
import { channelInfoRoutes, ownerChannelRoutes } from "./channels/routes.ts";
import { attachmentRoutes } from "./attachments/routes.ts";
import { diagnosticRoutes } from "./diagnostics/routes.ts";
import { conditionRoutes } from "./conditions/routes.ts";
import { contactLinkRoutes } from "./contacts/contact-link-routes.ts";
import { ownerContactRoutes } from "./contacts/routes.ts";
import { messageRoutes } from "./messages/routes.ts";
import { profileRoutes } from "./profiles/routes.ts";
import { pushDeviceRoutes, pushPublicRoutes } from "./push/routes.ts";
import { recipientRoutes } from "./recipients/routes.ts";
import type { AppDeps } from "./app-deps.ts";
import { currentUser, requireUser } from "./http/authenticate.ts";
import { apiErrorHandler } from "./http/errors.ts";
import { hasLocalMailbox } from "./mail/mailbox-key.ts";

/** Everything under /api: one error shape, bearer auth, Zod-described routes. */
export const apiRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  app.setErrorHandler(apiErrorHandler);
  app.setNotFoundHandler((_req, reply) =>
    reply.status(404).send({ error: { code: "not_found", message: "No such API route" } }),
  );
  app.decorateRequest("authUser", null);

  app.get(
    "/meta",
    {
      schema: {
        tags: ["meta"],
        summary: "What this server offers a client before sign-in",
        response: { 200: serverMetaSchema },
      },
    },
    async () => ({
      // Saying that mail is kept locally helps no stranger: the mailbox opens only with its operator's key (docs/security.md).
      mailbox: hasLocalMailbox(deps.config),
      // Whether mail leaves this server at all, so "we sent you an e-mail" is said only when true.
      mail: deps.config.usesOutbox ? ("outbox" as const) : ("smtp" as const),
      autoconfirm: deps.config.AUTH_AUTOCONFIRM,
      version: "0.1.0",
    }),
  );

  await app.register(checkInTokenRoutes, { deps });
  await app.register(accessRoutes, { deps });
  await app.register(diagnosticRoutes, { deps });
  // Admins only (401 signed out, 403 otherwise), checked by the plugin's own hook.
  await app.register(adminRoutes, { prefix: "/admin", deps });
  await app.register(channelInfoRoutes, { deps });
  await app.register(pushPublicRoutes, { deps });
  await app.register(contactLinkRoutes, { deps });

  await app.register(async (authed) => {
    authed.addHook("preHandler", requireUser(deps.auth));
    authed.get(
      "/me",
      {
        schema: {
          tags: ["meta"],
          summary: "The signed-in user and their server-side role",
          security: [{ bearer: [] }],
          response: { 200: meSchema },
        },
      },
      async (req) => {
        const user = currentUser(req);
        return { id: user.id, email: user.email, is_admin: user.isAdmin };
      },
    );
    await authed.register(profileRoutes, { deps });
    await authed.register(messageRoutes, { deps });
    await authed.register(recipientRoutes, { deps });
    await authed.register(conditionRoutes, { deps });
    await authed.register(ownerContactRoutes, { deps });
    await authed.register(attachmentRoutes, { deps });
    await authed.register(checkInRoutes, { deps });
    await authed.register(releaseRoutes, { deps });
    await authed.register(billingRoutes, { deps });
    await authed.register(accountRoutes, { deps });
    await authed.register(ownerChannelRoutes, { deps });
    await authed.register(pushDeviceRoutes, { deps });
  });
};

import { Readable } from "node:stream";
import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { diskAttachmentStorage } from "../attachments/attachment-storage.ts";
import { cancelSubscriptionsNow } from "../billing/manage-subscription.ts";
import { deliveredBy } from "../channels/recipient-channel-rules.ts";
import { AppError } from "../errors.ts";
import type { AppDeps } from "../app-deps.ts";
import { currentUser } from "../http/authenticate.ts";
import { securityMail } from "../auth/security/security-mail.ts";
import { recordSecurityEvent } from "../auth/security/security-event.ts";
import { deleteAccount } from "./delete-account.ts";
import { exportAccount } from "./export-account.ts";

const tags = ["account"];
const security = [{ bearer: [] }];

/** The account's own data: take it all with you, or delete it all (docs/decisions/017). */
export const accountRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { database, clock, masterKeys, config, stripe } = deps;
  const db = database.db;
  const storage = diskAttachmentStorage(config.DATA_DIR);

  app.get(
    "/account/export",
    {
      config: {
        rateLimit: { max: 10, timeWindow: "1 hour", keyGenerator: (req) => req.headers.authorization ?? req.ip },
      },
      schema: {
        tags,
        security,
        summary: "Download everything I keep here, decrypted: messages, recipients, conditions, attachments (JSON)",
      },
    },
    async (req, reply) => {
      const user = currentUser(req);
      await recordSecurityEvent({
        db,
        clock,
        userId: user.id,
        kind: "account_exported",
        origin: { ip: req.ip, userAgent: req.headers["user-agent"] },
      });
      const day = clock.now().toISOString().slice(0, 10);
      return reply
        .header("content-type", "application/json; charset=utf-8")
        .header("content-disposition", `attachment; filename="trigger-switch-export-${day}.json"`)
        .header("cache-control", "no-store")
        .send(
          Readable.from(
            exportAccount({ db, clock, masterKeys, storage, userId: user.id, delivered: deliveredBy(deps.channels) }),
          ),
        );
    },
  );

  app.delete(
    "/account",
    {
      config: { rateLimit: { max: 10, timeWindow: "15 minutes" } },
      schema: {
        tags,
        security,
        summary:
          "Delete my account (the password confirms it; an account without one needs a sign-in within 5 minutes): every switch disarmed at once, every message, recipient, file and session removed, with what names you elsewhere (your numbers, their receipts, mail kept about you)",
        body: z
          .object({ password: z.string().max(1000).optional() })
          .strict()
          .nullish(),
      },
    },
    async (req, reply) => {
      const user = currentUser(req);
      await deps.auth.confirmIdentity(user, (req.body as { password?: string } | undefined)?.password, {
        ip: req.ip,
        userAgent: req.headers["user-agent"],
      });
      // Before anything is removed: if Stripe cannot be reached, the account stays and the person tries again.
      try {
        await cancelSubscriptionsNow({ db, clock, stripe, userId: user.id });
      } catch (err) {
        if (err instanceof AppError) throw err;
        req.log.error({ error: (err as Error)?.name }, "could not cancel the subscription of an account being deleted");
        throw new AppError(
          "unavailable",
          "Your Plus subscription could not be cancelled with Stripe just now, so your account was not deleted (nothing was changed). Please try again in a few minutes.",
        );
      }
      const deleted = await deleteAccount({
        db,
        clock,
        masterKeys,
        dataDir: config.DATA_DIR,
        storage,
        userId: user.id,
      });
      if (deleted.leftoverFiles > 0)
        req.log.warn({ files: deleted.leftoverFiles }, "account deleted; some encrypted files could not be removed");
      if (deleted.email) {
        const mail = securityMail(deleted.email, { kind: "account_deleted", at: clock.now() }, config.SITE_URL);
        deps.mailer
          .send(mail)
          .catch((err: unknown) => req.log.error({ error: (err as Error)?.name }, "account deletion notice failed"));
      }
      return reply.status(204).send();
    },
  );
};

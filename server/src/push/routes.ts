import {
  pushCheckInAnswerSchema,
  pushCheckInBodySchema,
  pushDeviceSchema,
  pushDevicesSchema,
  pushInfoSchema,
  registeredPushDeviceSchema,
  registerPushDeviceBodySchema,
  renamePushDeviceBodySchema,
} from "@trigger-switch/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../app-deps.ts";
import { tokenRateLimit } from "../access/token-rate-limit.ts";
import { recordSecurityEvent } from "../auth/security/security-event.ts";
import { AppError, notFound } from "../errors.ts";
import { currentUser } from "../http/authenticate.ts";
import { idParams, security } from "../http/route-schemas.ts";
import { checkInWithDevice } from "./check-in-with-device.ts";
import { findOwnedDevice } from "./find-owned-device.ts";
import { listPushDevices } from "./list-push-devices.ts";
import { registerPushDevice } from "./register-push-device.ts";
import { removePushDevice } from "./remove-push-device.ts";
import { renamePushDevice } from "./rename-push-device.ts";
import { sendTestPush } from "./send-test-push.ts";

const tags = ["push"];

/**
 * The public part of Web Push (docs/decisions/039): whether this server sends it, and the
 * notification's "I'm OK", which carries the device's credential and no session. The check-in is
 * limited per address and per credential (a leaked credential cannot be hammered from many
 * addresses); a refusal is logged without the credential.
 */
export const pushPublicRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;
  const push = deps.channels.push;
  const perCredential = tokenRateLimit({ max: 5, windowMs: 60_000 });

  app.get(
    "/push",
    {
      schema: {
        tags,
        summary: "Whether this server sends Web Push, and the VAPID public key to subscribe with",
        response: { 200: pushInfoSchema },
      },
    },
    () => ({ available: push.available, public_key: push.publicKey }),
  );
  app.post(
    "/push/check-in",
    {
      config: { rateLimit: { max: 10, timeWindow: "1 minute" } },
      schema: {
        tags,
        summary: "Check in from a notification's I'm OK, with the device's check-in credential (no session)",
        body: pushCheckInBodySchema,
        response: { 200: pushCheckInAnswerSchema },
      },
    },
    async (req, reply) => {
      perCredential(req.body.credential);
      try {
        const result = await checkInWithDevice({ db, clock: deps.clock, credential: req.body.credential });
        req.log.info({ deviceId: result.deviceId }, "checked in from a notification");
        return reply
          .header("Cache-Control", "no-store")
          .send({ checked_in_at: result.checked_in_at, next_deadline: result.next_deadline });
      } catch (err) {
        if (err instanceof AppError && err.code === "unauthorized")
          req.log.warn("notification check-in refused: unknown or removed device credential");
        throw err;
      }
    },
  );
};

/** /api/push/devices (signed in): the owner's devices with notifications on; another owner's are not found. */
export const pushDeviceRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;
  const { clock, masterKeys } = deps;
  const push = deps.channels.push;
  const siteUrl = () => deps.config.SITE_URL;

  app.get(
    "/push/devices",
    {
      schema: {
        tags,
        security,
        summary: "My devices with notifications on",
        response: { 200: pushDevicesSchema },
      },
    },
    (req) => listPushDevices({ db, userId: currentUser(req).id }),
  );
  app.post(
    "/push/devices",
    {
      config: { rateLimit: { max: 20, timeWindow: "1 minute" } },
      schema: {
        tags,
        security,
        summary: "Turn notifications on for this device; answers its check-in credential once",
        body: registerPushDeviceBodySchema,
        response: { 201: registeredPushDeviceSchema },
      },
    },
    async (req, reply) => {
      const registered = await registerPushDevice({
        db,
        masterKeys,
        now: clock.now(),
        siteUrl: siteUrl(),
        available: push.available,
        userId: currentUser(req).id,
        name: req.body.name,
        subscription: req.body.subscription,
      });
      await recordSecurityEvent({
        db,
        clock,
        userId: currentUser(req).id,
        kind: "push_device_added",
        origin: { ip: req.ip, userAgent: req.headers["user-agent"] },
        detail: { device: registered.device.name },
      });
      return reply.status(201).header("Cache-Control", "no-store").send(registered);
    },
  );
  app.patch(
    "/push/devices/:id",
    {
      schema: {
        tags,
        security,
        summary: "Rename one of my devices",
        params: idParams,
        body: renamePushDeviceBodySchema,
        response: { 200: pushDeviceSchema },
      },
    },
    (req) => renamePushDevice({ db, userId: currentUser(req).id, deviceId: req.params.id, name: req.body.name }),
  );
  app.delete(
    "/push/devices/:id",
    {
      schema: {
        tags,
        security,
        summary: "Remove a device: no more notifications there, and its check-in credential stops working",
        params: idParams,
      },
    },
    async (req, reply) => {
      const device = await findOwnedDevice({ db, userId: currentUser(req).id, deviceId: req.params.id });
      const { removed } = await removePushDevice(db, {
        masterKeys,
        now: clock.now(),
        siteUrl: siteUrl(),
        deviceId: device.id,
        reason: "removed",
      });
      if (!removed) throw notFound("No such device: it may have been removed already.");
      await recordSecurityEvent({
        db,
        clock,
        userId: currentUser(req).id,
        kind: "push_device_removed",
        origin: { ip: req.ip, userAgent: req.headers["user-agent"] },
        detail: { device: device.name },
      });
      return reply.status(204).send();
    },
  );
  app.post(
    "/push/devices/:id/test",
    {
      config: { rateLimit: { max: 10, timeWindow: "1 minute" } },
      schema: {
        tags,
        security,
        summary: "Send a test notification to one of my devices; says whether its push service took it",
        params: idParams,
        response: { 200: pushDeviceSchema },
      },
    },
    (req) =>
      sendTestPush({
        db,
        clock,
        masterKeys,
        siteUrl: siteUrl(),
        sender: push,
        userId: currentUser(req).id,
        deviceId: req.params.id,
      }),
  );
};

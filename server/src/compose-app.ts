import type https from "node:https";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "./app-deps.ts";
import { apiRoutes } from "./api-routes.ts";
import { createAuthService } from "./auth/create-auth-service.ts";
import { createStripeClient } from "./billing/stripe-client.ts";
import { stripeWebhookRoutes } from "./billing/webhook-routes.ts";
import type { Channels } from "./channels/channel.ts";
import { createChannels } from "./channels/create-channels.ts";
import { createInboxProcessor, type InboxProcessor } from "./channels/inbound/create-inbox-processor.ts";
import { deliveryStatusListener } from "./channels/delivery/delivery-status-listener.ts";
import { tellOwnerByNotice } from "./channels/delivery/tell-owner.ts";
import { webhookRoutes } from "./channels/webhook-routes.ts";
import type { Clock } from "./clock.ts";
import type { Config } from "./config.ts";
import { checkMasterKeys } from "./crypto/check-master-keys.ts";
import { createMasterKeys } from "./crypto/master-keys.ts";
import { sealPlaintextRows } from "./crypto/seal-plaintext-rows.ts";
import type { Database } from "./db/connect.ts";
import { buildApp } from "./http/app.ts";
import { staticWeb } from "./http/static-web.ts";
import { functionRoutes } from "./engine/function-routes.ts";
import { startEngine, type RunningEngine } from "./engine/start-engine.ts";
import { createEngineWaker } from "./emergency/engine-waker.ts";
import { createGeocoder } from "./geocoding/create-geocoder.ts";
import { preloadTowns } from "./geocoding/nearest-town.ts";
import { healthRoutes } from "./health/routes.ts";
import { createMailer, smtpLimitsOf } from "./mail/create-mailer.ts";
import { hasLocalMailbox } from "./mail/mailbox-key.ts";
import { mailboxRoutes } from "./mail/mailbox-routes.ts";
import type { Mailer } from "./mail/mailer.ts";
import { metricsPlugin } from "./metrics/metrics-plugin.ts";
import { mediaRoutes } from "./profiles/media-routes.ts";
import { createRealtime } from "./realtime/create-realtime.ts";
import { realtimeRoutes } from "./realtime/routes.ts";

/**
 * Wires the parts together on an open database: master keys (checked against the database;
 * rows an older version left in plaintext are sealed) → mail → auth → realtime → HTTP. The one
 * composition used by `main.ts` and by the tests.
 */
export async function composeApp({
  config,
  database,
  clock,
  logStream,
  pushAgent,
}: {
  config: Config;
  database: Database;
  clock: Clock;
  logStream?: NodeJS.WritableStream;
  /** The TLS agent for Web Push services (default Node's); tests pass one that trusts their local push service. */
  pushAgent?: https.Agent;
}): Promise<{
  app: FastifyInstance;
  mailer: Mailer;
  channels: Channels;
  /** Handles inbound WhatsApp/SMS messages the webhooks recorded; app.close() stops it. */
  inbox: InboxProcessor;
  /** Null in a ROLE=web process. */
  engine: RunningEngine | null;
}> {
  const masterKeys = createMasterKeys({ config });
  await checkMasterKeys({ db: database.db, masterKeys });
  await sealPlaintextRows({ db: database.db, masterKeys });
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    db: database.db,
    masterKeys,
    clock,
    limits: smtpLimitsOf(config),
  });
  const channels = createChannels({ config, db: database.db, mailer, clock, masterKeys, pushAgent });
  const auth = await createAuthService({ config, db: database.db, mailer, clock, masterKeys, channels });
  const realtime = createRealtime({ database, auth, clock });
  const engineWaker = createEngineWaker();
  const geocoder = createGeocoder({ config, log: { warn: (obj, msg) => app.log.warn(obj, msg) } });
  // The offline place index is ready before anyone's first emergency needs it (docs/decisions/008-emergency.md),
  // in processes that answer the location route: not in engine-only workers, and tests build it
  // only when they geocode.
  if (config.ROLE !== "worker" && config.NODE_ENV !== "test") {
    setTimeout(() => {
      try {
        preloadTowns();
      } catch (err) {
        app.log.error({ err }, "could not load the offline place index; positions will be stored without a place name");
      }
    }, 1000).unref();
  }
  // Receipts of deliveries update reminder_delivery_log; failures reopen them or tell the owner (docs/decisions/014).
  const tellOwner = tellOwnerByNotice({ masterKeys, clock, siteUrl: () => config.SITE_URL });
  channels.onStatus(deliveryStatusListener({ clock, masterKeys, tellOwner }));
  // Inbound WhatsApp/SMS messages: the webhooks record them, this handles them (docs/decisions/037).
  // It runs in every role: the process that answered a webhook handles what it recorded.
  const inbox = createInboxProcessor({
    db: database.db,
    clock,
    masterKeys,
    channels,
    siteUrl: () => config.SITE_URL,
  });
  const stripe = await createStripeClient(config);
  const app = await buildApp({ config, logStream });
  await registerRoutes(app, {
    config,
    database,
    mailer,
    clock,
    auth,
    masterKeys,
    realtime,
    geocoder,
    engineWaker,
    channels,
    inbox,
    stripe,
    logStream,
  });
  inbox.start(app.log);
  await realtime.start(app.log);
  // The engine runs in "all" and "worker" processes; app.close() stops it before the mailer closes.
  const engine =
    config.ROLE === "web"
      ? null
      : startEngine({
          db: database.db,
          clock,
          mailer,
          channels,
          tellOwner,
          config,
          masterKeys,
          log: app.log,
          intervalMs: config.ENGINE_INTERVAL_MS,
        });
  // An emergency accepted by this process starts its delivery at once (a ROLE=web process has no engine to wake).
  engineWaker.attach(engine);
  // The engine starts stopping as soon as close begins (preClose), alongside the requests in flight,
  // so a slow request cannot eat the time it has to hand back unsent rows (docs/decisions/013).
  let engineStopping: Promise<void> | undefined;
  let inboxStopping: Promise<void> | undefined;
  app.addHook("preClose", (done) => {
    engineStopping = engine?.stop();
    // Webhooks answered while closing stay recorded and are handled at the next start.
    inboxStopping = inbox.stop();
    done();
  });
  app.addHook("onClose", async () => {
    await Promise.all([engineStopping ?? engine?.stop(), inboxStopping ?? inbox.stop()]);
    // Unlisten before the caller closes the database; sockets still open get 1001.
    await realtime.stop();
    mailer.close();
  });
  return { app, mailer, channels, inbox, engine };
}

/** Every feature's routes on the plumbing of http/app.ts; the features export them and only this composition knows them all. */
async function registerRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { config } = deps;
  // Before the routes: its timing hook must see all of them (GET /metrics, docs/decisions/019).
  await app.register(metricsPlugin, { deps });

  await app.register(healthRoutes, { deps });
  await app.register(deps.auth.routes, { prefix: "/auth/v1" });
  await app.register(apiRoutes, { prefix: "/api", deps });
  await app.register(functionRoutes, { prefix: "/functions/v1", deps });
  await app.register(mediaRoutes, { deps });
  await app.register(realtimeRoutes, { realtime: deps.realtime });
  await app.register(stripeWebhookRoutes, { prefix: "/webhooks", deps });
  await app.register(webhookRoutes, { prefix: "/webhooks", deps });
  if (hasLocalMailbox(config)) await app.register(mailboxRoutes, { prefix: "/dev/mailbox", deps });
  if (config.SERVE_WEB) await app.register(staticWeb, { siteUrl: config.SITE_URL });
}

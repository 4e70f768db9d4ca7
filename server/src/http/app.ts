import fastify, { type FastifyInstance } from "fastify";
import compress from "@fastify/compress";
import helmet from "@fastify/helmet";
import multipart from "@fastify/multipart";
import rateLimit from "@fastify/rate-limit";
import websocket from "@fastify/websocket";
import { REALTIME_MAX_FRAME_BYTES } from "@trigger-switch/contracts";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { AuthService } from "../auth/auth-service.ts";
import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { MasterKeys } from "../crypto/master-keys.ts";
import type { Database } from "../db/connect.ts";
import type { EngineWaker } from "../emergency/engine-waker.ts";
import type { ReverseGeocoder } from "../geocoding/create-geocoder.ts";
import type { Mailer } from "../mail/mailer.ts";
import { apiRoutes } from "./api-routes.ts";
import { docs } from "./docs.ts";
import { healthRoutes } from "./health.ts";
import { logOptions } from "./log-options.ts";
import { mailboxRoutes } from "./mailbox.ts";
import { functionRoutes } from "../engine/function-routes.ts";
import { mediaRoutes } from "../profiles/media-routes.ts";
import type { Realtime } from "../realtime/create-realtime.ts";
import { realtimeRoutes } from "../realtime/routes.ts";
import { staticWeb } from "./static-web.ts";

const compressibleTypes = /^(?:text\/(?!event-stream)|application\/(?:[\w.+-]*\+)?(?:json|xml|javascript)(?:;|$)|image\/svg\+xml)/;

export interface AppDeps {
  config: Config;
  database: Database;
  mailer: Mailer;
  clock: Clock;
  auth: AuthService;
  /** Wrap every message's data key (encryption at rest). */
  masterKeys: MasterKeys;
  /** Live updates over /realtime (docs/decisions/006). */
  realtime: Realtime;
  /** Names a position (Mapbox when MAPBOX_TOKEN is set, else offline; docs/decisions/008). */
  geocoder: ReverseGeocoder;
  /** Starts this process's engine tick at once for urgent work; a no-op where no engine runs (ROLE=web). */
  engineWaker: EngineWaker;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = fastify({
    logger: logOptions(config.LOG_LEVEL),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", "data:", "blob:"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        connectSrc: ["'self'", "ws:", "wss:"],
        scriptSrc: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // JSON and other text answers above 1 KiB are compressed (brotli at quality 4, else gzip); the web
  // app's files are compressed at build time instead (static-web.ts). Request bodies are never
  // decompressed. docs/decisions/020.
  await app.register(compress, { threshold: 1024, encodings: ["br", "gzip"], globalDecompression: false, customTypes: compressibleTypes });
  await app.register(rateLimit, { global: false });
  await app.register(multipart, { limits: { fileSize: config.AVATAR_MAX_BYTES, files: 1, fields: 5 } });
  await app.register(websocket, {
    options: { maxPayload: REALTIME_MAX_FRAME_BYTES },
    // 1001 "going away" on shutdown (the default closes without a code), so clients reconnect elsewhere.
    preClose(done) {
      for (const client of this.websocketServer.clients) client.close(1001, "server shutting down");
      done();
    },
  });
  await app.register(docs);

  await app.register(healthRoutes, { deps });
  await app.register(deps.auth.routes, { prefix: "/auth/v1" });
  await app.register(apiRoutes, { prefix: "/api", deps });
  await app.register(functionRoutes, { prefix: "/functions/v1", deps });
  await app.register(mediaRoutes, { deps });
  await app.register(realtimeRoutes, { realtime: deps.realtime });
  if (config.usesOutbox && config.NODE_ENV !== "production") await app.register(mailboxRoutes, { prefix: "/dev/mailbox", deps });
  if (config.SERVE_WEB) await app.register(staticWeb, { siteUrl: config.SITE_URL });
  return app;
}

import fastify, { type FastifyInstance } from "fastify";
import compress from "@fastify/compress";
import helmet from "@fastify/helmet";
import multipart from "@fastify/multipart";
import rateLimit from "@fastify/rate-limit";
import websocket from "@fastify/websocket";
import { REALTIME_MAX_FRAME_BYTES } from "@trigger-switch/contracts";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Config } from "../config.ts";
import { docs } from "./docs.ts";
import { apiErrorHandler } from "./errors.ts";
import { registerInputGuard } from "./input-guard.ts";
import { BODY_LIMIT_BYTES, registerSlowBodyGuard } from "./slow-body-guard.ts";
import { logOptions } from "./log-options.ts";

const compressibleTypes =
  /^(?:text\/(?!event-stream)|application\/(?:[\w.+-]*\+)?(?:json|xml|javascript)(?:;|$)|image\/svg\+xml)/;

/** Every route the app serves (method and full path), in registration order; the security suite walks them. */
export interface RegisteredRoute {
  method: string;
  url: string;
}

declare module "fastify" {
  interface FastifyInstance {
    registeredRoutes: RegisteredRoute[];
  }
}

/** How long requests in flight have to finish once the server starts closing (within SHUTDOWN_BUDGET_MS). */
export const CLOSE_GRACE_MS = 4_000;

/**
 * The HTTP plumbing every route shares (guards, error shape, headers, compression, uploads,
 * websockets, OpenAPI), with no routes: compose-app.ts registers the features' routes on it.
 */
export async function buildApp({
  config,
  logStream,
}: {
  config: Config;
  /** Where log lines go (default stdout). */
  logStream?: NodeJS.WritableStream;
}): Promise<FastifyInstance> {
  const app = fastify({
    logger: logOptions(config.LOG_LEVEL, logStream),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: BODY_LIMIT_BYTES,
    // Slow clients cannot hold connections: headers must arrive within 10 s (checked every second),
    // bodies at a minimum rate, even after the answer; a GET's body is dropped (slow-body-guard.ts).
    http: { headersTimeout: 10_000, connectionsCheckingInterval: 1_000 },
  }).withTypeProvider<ZodTypeProvider>();
  // Once close begins, requests in flight get CLOSE_GRACE_MS to finish; then every connection still
  // open is closed. Fastify closes idle keep-alive connections at once, but a connection Node does
  // not count as idle (a request stalled mid-body; one seen in the storage tests after writes failed)
  // would hold close() for Fastify's whole keep-alive time, past the shutdown's budget.
  app.addHook("preClose", (done) => {
    const timer = setTimeout(() => app.server.closeAllConnections(), CLOSE_GRACE_MS).unref();
    app.server.once("close", () => clearTimeout(timer));
    done();
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const routes: RegisteredRoute[] = [];
  app.decorate("registeredRoutes", routes);
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });
  // Anything thrown outside a scope with its own handler (/api, /functions, /auth/v1) gets the
  // API's error shape too: never Fastify's default, which would echo the error's message.
  app.setErrorHandler(apiErrorHandler);
  registerSlowBodyGuard(app);
  registerInputGuard(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", "data:", "blob:"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The realtime socket, on this site only ('self' covers it in current browsers; older Safari needs the scheme spelled out).
        connectSrc: ["'self'", websocketOrigin(config.SITE_URL), ...mapSources(config)],
        scriptSrc: ["'self'"],
        // Mapbox GL JS (the recipient's map, only with MAPBOX_TOKEN) runs its tile decoding in a blob: worker.
        ...(config.MAPBOX_TOKEN ? { workerSrc: ["'self'", "blob:"], childSrc: ["'self'", "blob:"] } : {}),
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // JSON and other text answers above 1 KiB are compressed (brotli at quality 4, else gzip); the web
  // app's files are compressed at build time instead (static-web.ts). Request bodies are never
  // decompressed. docs/decisions/020.
  await app.register(compress, {
    threshold: 1024,
    encodings: ["br", "gzip"],
    globalDecompression: false,
    customTypes: compressibleTypes,
  });
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
  return app;
}

/** ws://host:port for an http site, wss://… for https. */
function websocketOrigin(siteUrl: string): string {
  const url = new URL(siteUrl);
  return `${url.protocol === "https:" ? "wss:" : "ws:"}//${url.host}`;
}

/** Where the recipient's map loads styles and tiles from (and Mapbox's own telemetry), only when a token is set. */
function mapSources(config: Config): string[] {
  return config.MAPBOX_TOKEN ? [new URL(config.MAPBOX_API_URL).origin, "https://events.mapbox.com"] : [];
}

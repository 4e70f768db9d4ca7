import { createHash, timingSafeEqual } from "node:crypto";
import fp from "fastify-plugin";
import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import type { AppDeps } from "../app-deps.ts";
import { createHttpLatency } from "./http-latency.ts";
import { renderEngineMetrics } from "./render-engine-metrics.ts";

const digest = (s: string) => createHash("sha256").update(s).digest();

/**
 * GET /metrics in the Prometheus text format (docs/decisions/019): engine backlog, lateness,
 * sends and failures from the database, and this process's HTTP latency histogram. Off (404)
 * unless METRICS_TOKEN is set; then it needs `Authorization: Bearer <METRICS_TOKEN>`.
 * Registered with fastify-plugin so its timing hook sees every route of the app.
 */
const plugin: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const latency = createHttpLatency();
  const token = deps.config.METRICS_TOKEN;
  app.addHook("onResponse", async (req, reply) => {
    latency.observe(req.method, req.routeOptions.url ?? "(no route)", reply.statusCode, reply.elapsedTime / 1000);
  });

  app.get(
    "/metrics",
    {
      schema: {
        tags: ["ops"],
        summary: "Prometheus metrics (needs METRICS_TOKEN as a bearer token; 404 when METRICS_TOKEN is unset)",
        headers: z.object({ authorization: z.string().max(2000).optional() }),
      },
    },
    async (req, reply) => {
      reply.header("cache-control", "no-store");
      if (!token)
        return reply.status(404).send({
          error: {
            code: "not_found",
            message: "Metrics are off on this server (set METRICS_TOKEN to turn them on).",
          },
        });
      const given = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? "")?.[1] ?? "";
      if (!timingSafeEqual(digest(given), digest(token))) {
        return reply
          .status(401)
          .header("www-authenticate", 'Bearer realm="metrics"')
          .send({ error: { code: "unauthorized", message: "Send Authorization: Bearer <METRICS_TOKEN>." } });
      }
      const body = `${await renderEngineMetrics({ db: deps.database.db, clock: deps.clock })}\n${latency.render()}\n`;
      return reply.type("text/plain; version=0.0.4; charset=utf-8").send(body);
    },
  );
};

export const metricsPlugin = fp(plugin, { name: "metrics" });

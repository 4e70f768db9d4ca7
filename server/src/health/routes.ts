import type { FastifyPluginAsync } from "fastify";
import { sql } from "drizzle-orm";
import type { AppDeps } from "../app-deps.ts";

/**
 * Liveness (the process answers) and readiness (the database answers, and writes do not fail for
 * lack of space: docs/decisions/013). No personal data.
 */
export const healthRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get("/healthz", async () => ({ status: "ok" }));
  app.get("/readyz", async (_req, reply) => {
    try {
      await deps.database.db.execute(sql`select 1`);
      const storage = await deps.database.storage.check();
      if (storage)
        return reply.status(503).send({
          status: "unavailable",
          database: deps.database.kind,
          cause: storage.cause,
          since: storage.since.toISOString(),
        });
      return { status: "ready", database: deps.database.kind, mail: deps.mailer.kind };
    } catch (err) {
      app.log.error({ err }, "readiness check failed");
      return reply.status(503).send({ status: "unavailable", database: deps.database.kind });
    }
  });
};

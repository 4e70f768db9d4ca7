import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { lt } from "drizzle-orm";
import { z } from "zod";
import type { AdjustableClock } from "../clock.ts";
import type { Db } from "../db/connect.ts";
import { engineHeartbeat } from "../db/schema.ts";

const DAY = 86_400_000;
const clockState = z.object({ now: z.string(), offsetMs: z.number() });

/**
 * /dev/clock (TEST_CLOCK only, never in production): lets the browser journeys and the drills
 * move time forward. Advancing is a fast-forward of a server that kept running, so the engine's
 * heartbeat moves with it and the downtime guard does not mistake the jump for an outage. An
 * outage is simulated the honest way: stop the process and start it with CLOCK_OFFSET_MS.
 */
export const clockRoutes: FastifyPluginAsyncZod<{ clock: AdjustableClock; db: Db }> = async (app, { clock, db }) => {
  const state = () => ({ now: clock.now().toISOString(), offsetMs: clock.offsetMs() });
  app.get("/", { schema: { hide: true, response: { 200: clockState } } }, async () => state());
  app.post(
    "/",
    {
      schema: {
        hide: true,
        body: z
          .object({
            advanceMs: z
              .number()
              .int()
              .min(1, "advanceMs must be positive")
              .max(366 * DAY, "advanceMs must be at most a year"),
          })
          .strict(),
        response: { 200: clockState },
      },
    },
    async (req) => {
      // Under the heartbeat row's lock, which the downtime guard takes too: a guard that read the new
      // time must also read the new beat, or it would see the jump as an outage and move deadlines.
      await db.transaction(async (tx) => {
        await tx.select({ id: engineHeartbeat.id }).from(engineHeartbeat).for("update");
        const now = clock.advance(req.body.advanceMs);
        await tx.update(engineHeartbeat).set({ lastBeatAt: now }).where(lt(engineHeartbeat.lastBeatAt, now));
      });
      req.log.warn({ offsetMs: clock.offsetMs() }, "test clock advanced");
      return state();
    },
  );
};

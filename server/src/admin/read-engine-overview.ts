import type { EngineOverview } from "@trigger-switch/contracts";
import type { Clock } from "../clock.ts";
import type { Db } from "../db/connect.ts";
import { readDueBacklog } from "./read-due-backlog.ts";
import { readEngineWorkers } from "./read-engine-workers.ts";
import { readLateness } from "./read-lateness.ts";
import { readFailures, readSendRates } from "./read-send-rates.ts";

/** The engine as an operator sees it on /admin (the same readings feed /metrics). */
export async function readEngineOverview({ db, clock }: { db: Db; clock: Clock }): Promise<EngineOverview> {
  const now = clock.now();
  const [backlog, lateness, rates, failures, workers] = await Promise.all([
    readDueBacklog({ db, now }),
    readLateness({ db, now }),
    readSendRates({ db, now }),
    readFailures({ db, now }),
    readEngineWorkers({ db }),
  ]);
  return {
    checked_at: now.toISOString(),
    backlog: { reminder: backlog.reminder, final_delivery: backlog.final_delivery, notice: backlog.notice },
    claimed: backlog.claimed,
    parked: backlog.parked,
    notices_retrying: backlog.noticesRetrying,
    notices_given_up: backlog.noticesGivenUp,
    oldest_due_lateness_seconds: backlog.oldestDueLatenessSeconds,
    lateness_last_hour: { count: lateness.count, p50_seconds: lateness.p50Seconds, p99_seconds: lateness.p99Seconds },
    sends_per_minute: rates,
    failures_last_hour: failures,
    workers: workers.map((w) => ({
      id: w.id,
      last_beat_at: w.lastBeatAt?.toISOString() ?? null,
      age_seconds: w.lastBeatAt ? Math.max(0, (now.getTime() - w.lastBeatAt.getTime()) / 1000) : null,
      claimed: w.claimed,
    })),
  };
}

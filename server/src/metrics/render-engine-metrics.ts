import type { Clock } from "../clock.ts";
import type { Db } from "../db/connect.ts";
import { readDueBacklog } from "../admin/read-due-backlog.ts";
import { readEngineWorkers } from "../admin/read-engine-workers.ts";
import { readLateness } from "../admin/read-lateness.ts";
import { readFailures, readSendTotals } from "../admin/read-send-rates.ts";

const escape = (v: string) => v.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n");

function metric(
  name: string,
  type: "gauge" | "counter",
  help: string,
  samples: [labels: Record<string, string>, value: number][],
): string {
  const lines = [`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`];
  for (const [labels, value] of samples) {
    const l = Object.entries(labels)
      .map(([k, v]) => `${k}="${escape(v)}"`)
      .join(",");
    lines.push(`${name}${l ? `{${l}}` : ""} ${value}`);
  }
  return lines.join("\n");
}

/**
 * The engine's state from the database (so any process answers for all of them), in the
 * Prometheus text format. The same readings as /admin's engine panel.
 */
export async function renderEngineMetrics({ db, clock }: { db: Db; clock: Clock }): Promise<string> {
  const now = clock.now();
  const [backlog, lateness, failures, totals, workers] = await Promise.all([
    readDueBacklog({ db, now }),
    readLateness({ db, now }),
    readFailures({ db, now }),
    readSendTotals({ db }),
    readEngineWorkers({ db }),
  ]);
  return [
    metric(
      "trigger_switch_engine_due_backlog",
      "gauge",
      "Schedule rows and owner/admin notices due now and not yet claimed, by type.",
      [
        [{ type: "reminder" }, backlog.reminder],
        [{ type: "final_delivery" }, backlog.final_delivery],
        [{ type: "notice" }, backlog.notice],
      ],
    ),
    metric("trigger_switch_engine_claimed", "gauge", "Schedule rows and notices a worker holds right now.", [
      [{}, backlog.claimed],
    ]),
    metric("trigger_switch_engine_parked", "gauge", "Schedule rows the engine gave up on; each needs a person.", [
      [{}, backlog.parked],
    ]),
    metric(
      "trigger_switch_engine_failing_notices",
      "gauge",
      "Owner/admin notices that failed: retrying, or given up (each given-up one needs a person).",
      [
        [{ state: "retrying" }, backlog.noticesRetrying],
        [{ state: "given_up" }, backlog.noticesGivenUp],
      ],
    ),
    metric(
      "trigger_switch_engine_oldest_due_lateness_seconds",
      "gauge",
      "How late the oldest due row is (0 when nothing is due).",
      [[{}, backlog.oldestDueLatenessSeconds ?? 0]],
    ),
    metric(
      "trigger_switch_delivery_lateness_seconds",
      "gauge",
      "Lateness of first send attempts over the last hour (send time minus due time).",
      [
        [{ quantile: "0.5" }, lateness.p50Seconds ?? 0],
        [{ quantile: "0.99" }, lateness.p99Seconds ?? 0],
      ],
    ),
    metric(
      "trigger_switch_delivery_lateness_samples",
      "gauge",
      "First send attempts in the last hour behind the lateness quantiles.",
      [[{}, lateness.count]],
    ),
    metric(
      "trigger_switch_delivery_attempts_total",
      "counter",
      "Delivery attempts ever logged, by channel and outcome.",
      totals.map((r) => [{ channel: r.channel, status: r.status }, r.n]),
    ),
    metric("trigger_switch_delivery_failures_last_hour", "gauge", "Failed delivery attempts in the last hour.", [
      [{}, failures],
    ]),
    metric(
      "trigger_switch_engine_heartbeat_age_seconds",
      "gauge",
      "Seconds since each engine worker's last heartbeat.",
      workers
        .filter((w) => w.lastBeatAt)
        .map((w) => [{ worker: w.id }, Math.max(0, (now.getTime() - w.lastBeatAt!.getTime()) / 1000)]),
    ),
  ].join("\n");
}

import { CHANNEL_LABELS, type EngineOverview, type RecipientChannel } from "@trigger-switch/contracts";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";
import { useEngineOverview } from "../api/admin-queries";

function seconds(s: number | null): string {
  if (s === null) return "—";
  if (s < 1) return `${Math.round(s * 1000)} ms`;
  if (s < 120) return `${Math.round(s)} s`;
  if (s < 7200) return `${Math.round(s / 60)} min`;
  return `${(s / 3600).toFixed(1)} h`;
}

function Stat({ label, value, warn }: { label: string; value: string; warn?: boolean }) {
  return (
    <div className="flex flex-col gap-0.5 rounded-lg border bg-card p-3">
      <span className="text-xs text-muted-foreground">{label}</span>
      <span className={cn("text-xl font-semibold tabular-nums", warn && "text-destructive")}>{value}</span>
    </div>
  );
}

/** Sends per channel per minute as rows of small bars (no chart library; the numbers are what matter). */
function SendRates({ rates }: { rates: EngineOverview["sends_per_minute"] }) {
  if (rates.length === 0)
    return <p className="text-sm text-muted-foreground">No delivery attempts in the last 15 minutes.</p>;
  const max = Math.max(...rates.map((r) => r.sent + r.failed), 1);
  return (
    <ul className="flex flex-col gap-1 text-xs">
      {rates.map((r) => (
        <li key={`${r.minute}-${r.channel}`} className="grid grid-cols-[4.5rem_3.5rem_1fr_5.5rem] items-center gap-2">
          <span className="tabular-nums text-muted-foreground">{r.minute.slice(11, 16)} UTC</span>
          <span>{CHANNEL_LABELS[r.channel as RecipientChannel] ?? r.channel}</span>
          <span className="flex h-2 overflow-hidden rounded bg-muted" aria-hidden="true">
            <span className="bg-success" style={{ width: `${(r.sent / max) * 100}%` }} />
            <span className="bg-destructive" style={{ width: `${(r.failed / max) * 100}%` }} />
          </span>
          <span className="text-right tabular-nums">
            {r.sent} sent{r.failed > 0 ? `, ${r.failed} failed` : ""}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The engine at a glance, refreshed every 10 s. */
export function EnginePanel() {
  const engine = useEngineOverview();
  if (engine.isPending) return <Skeleton className="h-48 w-full" />;
  if (engine.isError)
    return <p className="text-sm text-destructive">The engine's figures could not be loaded: {engine.error.message}</p>;
  const e = engine.data;
  const stale = e.workers.every((w) => w.age_seconds === null || w.age_seconds > 180);
  return (
    <section className="flex flex-col gap-4" aria-labelledby="admin-engine">
      <h2 id="admin-engine" className="text-lg font-semibold">
        Engine
      </h2>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Stat label="Reminders due now" value={String(e.backlog.reminder)} />
        <Stat
          label="Releases due now"
          value={String(e.backlog.final_delivery)}
          warn={e.backlog.final_delivery > 0 && (e.oldest_due_lateness_seconds ?? 0) > 60}
        />
        <Stat
          label="Oldest due is late by"
          value={seconds(e.oldest_due_lateness_seconds)}
          warn={(e.oldest_due_lateness_seconds ?? 0) > 60}
        />
        <Stat label="Being sent" value={String(e.claimed)} />
        <Stat label="Lateness p50 (last hour)" value={seconds(e.lateness_last_hour.p50_seconds)} />
        <Stat
          label="Lateness p99 (last hour)"
          value={seconds(e.lateness_last_hour.p99_seconds)}
          warn={(e.lateness_last_hour.p99_seconds ?? 0) > 60}
        />
        <Stat
          label="Failed attempts (last hour)"
          value={String(e.failures_last_hour)}
          warn={e.failures_last_hour > 0}
        />
        <Stat label="Parked (need a person)" value={String(e.parked)} warn={e.parked > 0} />
        <Stat label="Notices due now" value={String(e.backlog.notice)} />
        <Stat
          label="Notices retrying after a failure"
          value={String(e.notices_retrying)}
          warn={e.notices_retrying > 0}
        />
        <Stat
          label="Notices given up (need a person)"
          value={String(e.notices_given_up)}
          warn={e.notices_given_up > 0}
        />
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle className="text-base">Sends per channel per minute</CardTitle>
          </CardHeader>
          <CardContent>
            <SendRates rates={e.sends_per_minute} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-base">Workers and heartbeats</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-2 text-sm">
            {e.workers.length === 0 && (
              <p className="text-destructive">No engine has ever run: nothing would be delivered.</p>
            )}
            {e.workers.map((w) => (
              <p key={w.id} className="flex flex-wrap justify-between gap-2">
                <span className="break-all font-mono text-xs">{w.id}</span>
                <span
                  className={cn("tabular-nums", (w.age_seconds ?? Infinity) > 180 && "font-semibold text-destructive")}
                >
                  {w.age_seconds === null ? "no heartbeat" : `beat ${seconds(w.age_seconds)} ago`} · {w.claimed} claimed
                </span>
              </p>
            ))}
            {stale && e.workers.length > 0 && (
              <p className="text-destructive">No recent heartbeat: the engine may be down.</p>
            )}
          </CardContent>
        </Card>
      </div>
    </section>
  );
}

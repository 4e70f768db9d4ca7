import { CHANNEL_WORDS, type RecipientChannel, type StuckDelivery } from "@trigger-switch/contracts";
import { RotateCcw, Trash2 } from "lucide-react";
import { useState } from "react";
import { EmailAddress } from "@/components/email-address";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDateTime } from "@/lib/format-date-time";
import { browserTimeZone } from "@/lib/time-zone";
import { toast } from "@/lib/toast";
import { useDeliveryAction } from "../api/admin-actions";
import { useStuckDeliveries } from "../api/admin-queries";
import { ReasonField, useReason } from "./reason-field";

/** What a notice is about, from the first part of its key (server: engine/owner-notices.ts callers). */
const NOTICE_TOPICS: Record<string, string> = {
  account: "account disabled or enabled",
  parked: "a delivery could not be made",
  outage: "our outage moved deadlines",
  plan: "plan or payment change",
  "channel-failure": "a WhatsApp or SMS delivery failed",
  "release-notice": "a message was released",
};

/** What the row is, in the operator's words — never a notice's subject or text (they stay sealed). */
function describe(d: StuckDelivery): string {
  if (d.reminder_type === "final_delivery") return "Release to recipients";
  if (d.reminder_type === "reminder") return "Reminder to the owner";
  const who = d.notice?.to === "admin" ? "Admin notice" : "Owner notice";
  const topic = d.notice ? (NOTICE_TOPICS[d.notice.topic] ?? d.notice.topic) : null;
  return topic ? `${who}: ${topic}` : who;
}

function DeliveryRow({ d, zone }: { d: StuckDelivery; zone: string }) {
  const [confirming, setConfirming] = useState<"retry" | "discard" | null>(null);
  const reason = useReason();
  const action = useDeliveryAction();
  const what = describe(d);
  const isNotice = d.reminder_type === "notice";
  const open = (kind: "retry" | "discard") => (next: boolean) => {
    reason.reset();
    setConfirming(next ? kind : null);
  };
  const run = (kind: "retry" | "discard") =>
    action.mutate(
      { id: d.id, action: kind, reason: reason.reason },
      {
        onSuccess: () =>
          toast.success(kind === "retry" ? "Retry queued" : isNotice ? "Notice discarded" : "Delivery discarded", {
            description: kind === "retry" ? "The engine tries it on its next tick." : "It will not be tried again.",
          }),
        onSettled: () => setConfirming(null),
      },
    );
  return (
    <li className="flex flex-col gap-3 py-4">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={d.status === "parked" ? "danger" : "warning"}>
          {d.status === "parked" ? "Parked" : "Retrying"}
        </Badge>
        <span className="font-medium">{what}</span>
        <span className="min-w-0 text-sm text-muted-foreground">
          {isNotice ? "to " : "of "}
          <EmailAddress email={d.owner_email} />
        </span>
      </div>
      <dl className="grid gap-x-4 gap-y-1 text-xs sm:grid-cols-[auto_1fr]">
        <dt className="text-muted-foreground">{isNotice ? "Queued" : "Due"}</dt>
        <dd>{formatDateTime(new Date(d.scheduled_at), zone)}</dd>
        <dt className="text-muted-foreground">Attempts</dt>
        <dd>
          {d.attempts}
          {d.next_attempt_at ? ` · next ${formatDateTime(new Date(d.next_attempt_at), zone)}` : ""}
        </dd>
        <dt className="text-muted-foreground">Last error</dt>
        <dd className="break-words">{d.last_error ?? "—"}</dd>
        <dt className="text-muted-foreground">Row</dt>
        <dd className="break-all font-mono">{d.id}</dd>
      </dl>
      {d.deliveries.length > 0 && (
        <ul className="flex flex-col gap-1 text-xs">
          {d.deliveries.map((s, i) => (
            <li key={`${s.address}-${i}`} className="flex flex-wrap gap-2">
              <Badge variant={s.status === "sent" ? "success" : s.status === "failed" ? "danger" : "neutral"}>
                {s.status}
              </Badge>
              <span>
                {CHANNEL_WORDS[s.channel as RecipientChannel] ?? s.channel} to{" "}
                {!s.address ? "(no address)" : s.channel === "email" ? <EmailAddress email={s.address} /> : s.address}
              </span>
              {s.last_error && <span className="text-muted-foreground">— {s.last_error}</span>}
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap gap-2">
        <ConfirmDialog
          open={confirming === "retry"}
          onOpenChange={open("retry")}
          trigger={
            <Button size="sm" disabled={action.isPending}>
              <RotateCcw aria-hidden="true" />
              Retry now
            </Button>
          }
          title={isNotice ? "Retry this notice now?" : "Retry this delivery now?"}
          description={`${what} goes back to the engine, due now: it is tried on the next tick, and what is not sent yet is sent. If it fails again, the retry rules decide as before. This is written to the audit log.`}
          confirmLabel="Retry now"
          pending={action.isPending}
          confirmDisabled={reason.error !== null}
          onConfirm={() => run("retry")}
        >
          <ReasonField state={reason} />
        </ConfirmDialog>
        {d.status === "parked" && (
          <ConfirmDialog
            open={confirming === "discard"}
            onOpenChange={open("discard")}
            trigger={
              <Button size="sm" variant="outline">
                <Trash2 aria-hidden="true" />
                Discard
              </Button>
            }
            title={isNotice ? "Discard this notice for good?" : "Discard this delivery for good?"}
            description={
              isNotice
                ? `${what} will never be tried again: its reader does not get it. This is written to the audit log and cannot be undone.`
                : `${what} will never be tried again${d.reminder_type === "final_delivery" ? ": the recipients listed as failed do not get this release" : ""}. The owner already got a "could not deliver" e-mail. This is written to the audit log and cannot be undone.`
            }
            confirmLabel="Discard"
            pending={action.isPending}
            confirmDisabled={reason.error !== null}
            onConfirm={() => run("discard")}
          >
            <ReasonField state={reason} />
          </ConfirmDialog>
        )}
      </div>
    </li>
  );
}

/** Failed and parked deliveries, with retry and discard. */
export function DeliveriesPanel() {
  const deliveries = useStuckDeliveries();
  const zone = browserTimeZone();
  return (
    <section className="flex flex-col gap-4" aria-labelledby="admin-deliveries">
      <h2 id="admin-deliveries" className="text-lg font-semibold">
        Failed and parked deliveries
      </h2>
      {deliveries.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : deliveries.isError ? (
        <p className="text-sm text-destructive">Deliveries could not be loaded: {deliveries.error.message}</p>
      ) : deliveries.data.length === 0 ? (
        <p className="rounded-lg border border-dashed bg-card p-6 text-center text-sm text-muted-foreground">
          Nothing is stuck: every delivery went out or is waiting for its time.
        </p>
      ) : (
        <ul className="divide-y rounded-lg border bg-card px-4">
          {deliveries.data.map((d) => (
            <DeliveryRow key={d.id} d={d} zone={zone} />
          ))}
        </ul>
      )}
    </section>
  );
}

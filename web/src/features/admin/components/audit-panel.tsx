import { useState } from "react";
import { EmailAddress } from "@/components/email-address";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDateTime } from "@/lib/format-date-time";
import { browserTimeZone } from "@/lib/time-zone";
import { useAuditLog } from "../api/admin-queries";

/** Retry and discard of an owner's or admin's notice (target_type "notice"). */
const NOTICE_ACTIONS: Record<string, string> = {
  "delivery.retry": "retried a notice to",
  "delivery.discard": "discarded a notice to",
};

const ACTIONS: Record<string, string> = {
  "user.disable": "disabled an account",
  "user.enable": "enabled an account",
  "delivery.retry": "retried a delivery",
  "delivery.discard": "discarded a delivery",
};

/** Every admin action, newest first. Read-only: there is nothing here to edit or delete. */
export function AuditPanel() {
  const [offset, setOffset] = useState(0);
  const audit = useAuditLog(offset);
  const zone = browserTimeZone();
  return (
    <section className="flex flex-col gap-4" aria-labelledby="admin-audit">
      <h2 id="admin-audit" className="text-lg font-semibold">
        Audit log
      </h2>
      {audit.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : audit.isError ? (
        <p className="text-sm text-destructive">The audit log could not be loaded: {audit.error.message}</p>
      ) : audit.data.entries.length === 0 ? (
        <p className="text-sm text-muted-foreground">No admin action yet.</p>
      ) : (
        <>
          <ul className="divide-y rounded-lg border bg-card px-4 text-sm">
            {audit.data.entries.map((e) => {
              // The account's address (user actions) or the address a notice goes to (notice actions).
              const email =
                typeof e.details.email === "string"
                  ? e.details.email
                  : typeof e.details.to === "string"
                    ? e.details.to
                    : null;
              const reason = typeof e.details.reason === "string" ? e.details.reason : null;
              return (
                <li key={e.id} className="flex flex-col gap-0.5 py-3">
                  <span>
                    <span className="font-medium">
                      <EmailAddress email={e.admin_email} />
                    </span>{" "}
                    {e.target_type === "notice"
                      ? (NOTICE_ACTIONS[e.action] ?? e.action)
                      : (ACTIONS[e.action] ?? e.action)}{" "}
                    {email ? (
                      <span className="font-medium">
                        <EmailAddress email={email} />
                      </span>
                    ) : (
                      <span className="break-all font-mono text-xs">{e.target_id}</span>
                    )}
                  </span>
                  <span className="text-xs text-muted-foreground">
                    {formatDateTime(new Date(e.created_at), zone)} · from {e.ip ?? "unknown address"}
                    {e.user_agent ? ` · ${e.user_agent.slice(0, 80)}` : ""}
                  </span>
                  {reason && <span className="text-xs break-words whitespace-pre-line">Reason: {reason}</span>}
                </li>
              );
            })}
          </ul>
          <div className="flex items-center justify-between text-sm text-muted-foreground">
            <span>
              {offset + 1}–{offset + audit.data.entries.length} of {audit.data.total}
            </span>
            <span className="flex gap-2">
              <Button
                variant="outline"
                size="sm"
                disabled={offset === 0}
                onClick={() => setOffset(Math.max(0, offset - 50))}
              >
                Newer
              </Button>
              <Button
                variant="outline"
                size="sm"
                disabled={offset + audit.data.entries.length >= audit.data.total}
                onClick={() => setOffset(offset + 50)}
              >
                Older
              </Button>
            </span>
          </div>
        </>
      )}
    </section>
  );
}

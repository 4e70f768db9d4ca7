import { CircleAlert, CircleCheckBig, TriangleAlert } from "lucide-react";
import { Alert } from "@/components/ui/alert";
import { Card, CardContent } from "@/components/ui/card";
import { formatDateTime } from "@/lib/format-date-time";
import { browserTimeZone } from "@/lib/time-zone";
import type { Diagnostic } from "../api/get-diagnostic";
import { diagnosticHeadline, explainDiagnostic, type Health } from "../utils/explain-diagnostic";

const icons = { good: CircleCheckBig, warning: TriangleAlert, bad: CircleAlert } satisfies Record<Health, unknown>;
const colours = { good: "text-success", warning: "text-warning", bad: "text-destructive" } satisfies Record<
  Health,
  string
>;
const words = { good: "Working", warning: "Needs a look", bad: "Not working" } satisfies Record<Health, string>;

/** The overall answer first, then each part in plain words. */
export function ServiceStatus({ diagnostic }: { diagnostic: Diagnostic }) {
  const findings = explainDiagnostic(diagnostic);
  const headline = diagnosticHeadline(findings);
  // The server's own status counts too: it may know of a problem no card explains.
  const serverWorried = diagnostic.status !== "ok" && headline.health === "good";
  const ok = headline.health === "good" && !serverWorried;
  const text = serverWorried ? "Trigger Switch is running with problems" : headline.text;
  return (
    <div className="flex flex-col gap-6">
      <Alert variant={ok ? "info" : "warning"} role="status">
        {ok ? <CircleCheckBig aria-hidden="true" /> : <TriangleAlert aria-hidden="true" />}
        <div className="flex flex-col gap-1">
          <p className="text-base font-semibold">{text}</p>
          <p className="text-muted-foreground">
            Checked {formatDateTime(new Date(diagnostic.checked_at), browserTimeZone())}. This page refreshes every 10
            seconds.
          </p>
        </div>
      </Alert>
      <ul aria-label="Service parts" className="grid gap-4 sm:grid-cols-2">
        {findings.map((finding) => {
          const Icon = icons[finding.health];
          return (
            <li key={finding.title}>
              <Card className="h-full">
                <CardContent className="flex flex-col gap-2 pt-6">
                  <p className="flex items-center gap-2 font-semibold">
                    <Icon className={`size-5 ${colours[finding.health]}`} aria-hidden="true" />
                    {finding.title}
                    <span className="sr-only">: {words[finding.health]}</span>
                  </p>
                  <p className="text-sm text-muted-foreground">{finding.text}</p>
                </CardContent>
              </Card>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

import { useOwnerTimeZone } from "@/hooks/use-owner-time-zone";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { LoadError } from "@/components/load-error";
import { formatDateTime } from "@/lib/format-date-time";
import { useSecurityLog, type SecurityEvent } from "../api/security-log";
import { describeSecurityEvent } from "../utils/describe-security-event";

/** The account's security log: sign-ins, failed sign-ins, factor, password and e-mail changes. */
export function SecurityLogCard() {
  const log = useSecurityLog();
  const zone = useOwnerTimeZone();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Security log</CardTitle>
        <CardDescription>The latest sign-ins and changes to how you sign in.</CardDescription>
      </CardHeader>
      <CardContent>
        {log.isPending ? (
          <Skeleton className="h-32" />
        ) : log.isError ? (
          <LoadError what="security log" onRetry={() => void log.refetch()} />
        ) : log.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing yet.</p>
        ) : (
          <ol className="flex max-h-96 flex-col divide-y overflow-y-auto rounded-md border" aria-label="Security log">
            {log.data.map((event: SecurityEvent) => {
              const { text, warning } = describeSecurityEvent(event);
              return (
                <li key={event.id} className="p-3 text-sm">
                  <p className={warning ? "font-medium text-destructive" : "font-medium"}>{text}</p>
                  <p className="text-xs text-muted-foreground">
                    {formatDateTime(new Date(event.created_at), zone)}
                    {event.device ? ` · ${event.device}` : ""}
                    {event.ip ? ` · ${event.ip}` : ""}
                  </p>
                </li>
              );
            })}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

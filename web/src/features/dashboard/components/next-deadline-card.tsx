import { describeCondition, type MessageListItem, type OwnerRelease } from "@trigger-switch/contracts";
import { userLocale } from "@/lib/format-date-time";
import { Hourglass } from "lucide-react";
import { Link } from "react-router";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { paths } from "@/config/paths";
import { useNow } from "@/hooks/use-now";
import { cn } from "@/lib/utils";
import { countdownText, countdownWords } from "../utils/countdown-text";
import { timingOf } from "@/features/conditions";
import { formatDateTime } from "@/lib/format-date-time";
import { nextDeadlineOf } from "./next-deadline";

/**
 * The next moment something goes out, counting down every second (paused in a hidden tab). With
 * nothing left to go out, it names the latest release, so "nothing is scheduled" right after a
 * delivery never reads as "nothing happened" (issue 14).
 */
export function NextDeadlineCard({
  messages,
  releases = [],
  timeZone,
}: {
  messages: MessageListItem[];
  releases?: OwnerRelease[];
  timeZone: string;
}) {
  const now = useNow(1000);
  const next = nextDeadlineOf(messages, now);
  const panicOnly = messages.filter((m) =>
    m.conditions.some((c) => c.condition_type === "panic_trigger" && c.active && c.is_armed),
  ).length;
  const msLeft = next ? next.deadline.getTime() - now.getTime() : 0;
  const urgent = next !== null && msLeft < 60 * 60_000;
  const latest = releases.reduce<OwnerRelease | null>(
    (a, r) => (a === null || r.released_at > a.released_at ? r : a),
    null,
  );
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="flex items-center gap-2 text-lg">
          <Hourglass className="size-5 text-primary" aria-hidden="true" />
          Next deadline
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        {next ? (
          <>
            <p
              role="timer"
              aria-label={`Time left: ${countdownWords(msLeft)}`}
              className={cn(
                "text-3xl font-semibold tracking-tight tabular-nums sm:text-4xl",
                urgent && "text-destructive",
              )}
            >
              {countdownText(msLeft)}
            </p>
            <p className="text-sm">
              <Link to={paths.message(next.message.id)} className="font-medium text-primary hover:underline">
                {next.message.title}
              </Link>
              : {describeCondition(timingOf(next.condition), now, timeZone, undefined, userLocale())}
            </p>
          </>
        ) : (
          <>
            {latest && (
              <p className="text-sm">
                <Link to={paths.message(latest.message_id)} className="font-medium text-primary hover:underline">
                  {latest.message_title}
                </Link>{" "}
                {latest.emergency ? "went out as an emergency alert" : "went out"} on{" "}
                {formatDateTime(new Date(latest.released_at), timeZone)}. Recent activity shows who received it and who
                has opened it.
              </p>
            )}
            <p className="text-sm text-muted-foreground">
              {latest ? "Nothing more is scheduled to go out." : "Nothing is scheduled to go out."}
              {panicOnly > 0 &&
                ` ${panicOnly === 1 ? "One message goes" : `${panicOnly} messages go`} out only when you press Emergency.`}
            </p>
          </>
        )}
      </CardContent>
    </Card>
  );
}

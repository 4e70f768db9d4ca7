import {
  canFire,
  describeCondition,
  movedDeadline,
  type MessageListItem,
  type OwnerRelease,
} from "@trigger-switch/contracts";
import { userLocale } from "@/lib/format-date-time";
import { Hourglass } from "lucide-react";
import { useCallback, useState } from "react";
import { Link } from "react-router";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { paths } from "@/config/paths";
import { useNow } from "@/hooks/use-now";
import { timingOf } from "@/features/conditions";
import { formatDateTime } from "@/lib/format-date-time";
import { Countdown } from "./countdown";
import { nextDeadlineOf } from "../utils/next-deadline";

/**
 * The next moment something goes out, with its countdown (which ticks on its own, paused in a hidden
 * tab). With nothing left to go out, it names the latest release, so "nothing is scheduled" right
 * after a delivery never reads as "nothing happened".
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
  // The sentence under the countdown words the deadline against the time of day ("today 14:00"),
  // so half a minute is fine enough; the moment a deadline passes, the card moves to the next one.
  const ticked = useNow(30_000);
  const [passedAt, setPassedAt] = useState(0);
  const onPassed = useCallback(() => setPassedAt(Date.now()), []);
  const now = passedAt > ticked.getTime() ? new Date(passedAt) : ticked;
  const next = nextDeadlineOf(messages, now);
  const panicOnly = messages.filter((m) =>
    m.conditions.some((c) => c.condition_type === "panic_trigger" && canFire(c)),
  ).length;
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
            <Countdown deadline={next.deadline} onPassed={onPassed} />
            <p className="text-sm">
              <Link to={paths.message(next.message.id)} className="font-medium text-primary hover:underline">
                {next.message.title}
              </Link>
              :{" "}
              {describeCondition(
                timingOf(next.condition),
                now,
                timeZone,
                movedDeadline(next.condition, now),
                userLocale(),
              )}
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

import { canFire, formatDuration, type Condition } from "@trigger-switch/contracts";
import { BellRing, Send } from "lucide-react";
import { formatWhen } from "@/lib/format-date-time";
import { upcomingTimeline } from "../utils/timeline";

/** What happens next, in order: reminders to the owner, then the moment the message goes out. */
export function MessageTimeline({
  conditions,
  now,
  timeZone,
}: {
  conditions: Condition[];
  now: Date;
  timeZone: string;
}) {
  const entries = upcomingTimeline(conditions, now).slice(0, 8);
  const hasPanic = conditions.some((c) => c.condition_type === "panic_trigger" && canFire(c));
  if (entries.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        {hasPanic
          ? "Nothing is scheduled: this message goes out only when you press Emergency."
          : "Nothing is scheduled."}
      </p>
    );
  }
  return (
    <ol aria-label="Upcoming" className="relative flex flex-col gap-4 border-l pl-5">
      {entries.map((entry) => {
        const Icon = entry.kind === "delivery" ? Send : BellRing;
        return (
          <li key={entry.key} className="relative flex flex-col">
            <span className="absolute top-0.5 -left-[1.9rem] flex size-5 items-center justify-center rounded-full border bg-card">
              <Icon
                className={entry.kind === "delivery" ? "size-3 text-destructive" : "size-3 text-primary"}
                aria-hidden="true"
              />
            </span>
            <span className="text-sm font-medium tabular-nums">{formatWhen(entry.at, now, timeZone)}</span>
            <span className="text-sm text-muted-foreground">
              {entry.kind === "delivery"
                ? `Goes out to the recipients unless you check in (${entry.source})`
                : `Reminder to you, ${formatDuration(entry.minutesBefore ?? 0)} before (${entry.source})`}
            </span>
          </li>
        );
      })}
      {hasPanic && <li className="text-sm text-muted-foreground">And at any time, if you press Emergency.</li>}
    </ol>
  );
}

import { describeCondition, nextDeadline, type Condition } from "@trigger-switch/contracts";
import { timingOf } from "@/features/conditions";
import { userLocale } from "@/lib/format-date-time";

/**
 * The condition's sentence for the person reading the page, in their zone and on their clock
 * (docs/decisions/025), from the instants the server sent — not the server's en-GB `summary`.
 * A deadline the downtime guard moved (the server's `next_deadline` later than the rules give)
 * keeps its "Moved by … because our service was down" note.
 */
export function describeConditionForReader(condition: Condition, now: Date, timeZone: string): string {
  const timing = timingOf(condition);
  const rule = nextDeadline(timing, now);
  const served = condition.next_deadline ? new Date(condition.next_deadline) : null;
  const moved =
    rule && served && served.getTime() > rule.getTime()
      ? { deadline: served, shiftMs: served.getTime() - rule.getTime() }
      : undefined;
  return describeCondition(timing, now, timeZone, moved, userLocale());
}

import { describeCondition, movedDeadline, type Condition } from "@trigger-switch/contracts";
import { timingOf } from "@/features/conditions";
import { userLocale } from "@/lib/format-date-time";

/**
 * The condition's sentence for the person reading the page, in their zone and on their clock
 * (docs/decisions/025), from the instants the server sent — not the server's en-GB `summary`.
 * A deadline the server moved (its `next_deadline` later than the rules give) keeps its note: our
 * outage, or the trusted contacts being asked.
 */
export function describeConditionForReader(condition: Condition, now: Date, timeZone: string): string {
  return describeCondition(timingOf(condition), now, timeZone, movedDeadline(condition, now), userLocale());
}

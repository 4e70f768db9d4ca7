import type { Condition } from "@trigger-switch/contracts";
import { CONDITION_LABELS } from "./condition-labels";
import { liveDeadline } from "./condition-timing";

export interface TimelineEntry {
  key: string;
  at: Date;
  kind: "reminder" | "delivery";
  /** Which condition it comes from, e.g. "No check-in". */
  source: string;
  minutesBefore?: number;
}

/**
 * What happens next, in time order: each armed condition's reminders (offsets in minutes before
 * its deadline) still ahead, then the moment it goes out. Conditions without a deadline (the
 * emergency button, a disarmed one) have no entries; the page says so separately.
 */
export function upcomingTimeline(conditions: Condition[], now: Date): TimelineEntry[] {
  const entries: TimelineEntry[] = [];
  for (const condition of conditions) {
    const deadline = liveDeadline(condition, now);
    if (!deadline) continue;
    const source = CONDITION_LABELS[condition.condition_type].title;
    for (const minutes of condition.reminder_hours) {
      const at = new Date(deadline.getTime() - minutes * 60_000);
      if (at.getTime() > now.getTime())
        entries.push({ key: `${condition.id}-r${minutes}`, at, kind: "reminder", source, minutesBefore: minutes });
    }
    entries.push({ key: `${condition.id}-d`, at: deadline, kind: "delivery", source });
  }
  return entries.sort((a, b) => a.at.getTime() - b.at.getTime());
}

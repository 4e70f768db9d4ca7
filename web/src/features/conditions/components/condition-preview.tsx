import { describeCondition, nextDeadline, type Condition } from "@trigger-switch/contracts";
import { userLocale } from "@/lib/format-date-time";
import { Eye } from "lucide-react";
import type { ReactNode } from "react";
import type { DraftCheck } from "../utils/check-draft";
import { timingOf, timingOfInput } from "../utils/condition-timing";
import { formatWhen } from "@/lib/format-date-time";

export interface ConditionPreviewProps {
  check: DraftCheck;
  /** The saved condition, when this draft is one and nothing was changed: its own clock runs. */
  unchanged?: Condition;
  now: Date;
  timeZone: string;
}

/**
 * What will happen, in the same sentence the server sends (the contracts' describeCondition on
 * the contracts' nextDeadline), and when the owner will be reminded.
 */
export function ConditionPreview({ check, unchanged, now, timeZone }: ConditionPreviewProps) {
  if (!check.input) {
    return (
      <Preview>
        <p className="text-muted-foreground">Fix the highlighted fields to see what will happen.</p>
      </Preview>
    );
  }
  const timing = unchanged ? timingOf(unchanged) : timingOfInput(check.input);
  const deadline = nextDeadline(timing, now);
  const offsets = unchanged ? unchanged.reminder_hours : (check.input.reminder_hours ?? []);
  const reminders = deadline
    ? [...offsets]
        .sort((a, b) => b - a)
        .map((minutes) => new Date(deadline.getTime() - minutes * 60_000))
        .filter((at) => at.getTime() > now.getTime())
    : [];
  return (
    <Preview>
      <p className="font-medium">{describeCondition(timing, now, timeZone, undefined, userLocale())}</p>
      {reminders.length > 0 && (
        <p className="text-muted-foreground">
          We remind you {reminders.map((at) => formatWhen(at, now, timeZone)).join(", ")}.
        </p>
      )}
      {!unchanged && deadline && <p className="text-xs text-muted-foreground">Counted from the moment you save.</p>}
    </Preview>
  );
}

function Preview({ children }: { children: ReactNode }) {
  return (
    <div
      role="status"
      aria-live="polite"
      aria-label="What will happen"
      className="flex gap-3 rounded-lg border border-primary/25 bg-secondary/60 p-3 text-sm"
    >
      <Eye className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
      <div className="flex flex-col gap-1">{children}</div>
    </div>
  );
}

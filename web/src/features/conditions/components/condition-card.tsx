import {
  canFire,
  cancelledByCheckIn,
  describeCondition,
  formatDuration,
  type Condition,
} from "@trigger-switch/contracts";
import { userLocale } from "@/lib/format-date-time";
import { useId } from "react";
import { Switch } from "@/components/ui/switch";
import { useSetConditionArmed } from "../api/set-condition-armed";
import { CONDITION_LABELS } from "../utils/condition-labels";
import { timingOf } from "../utils/condition-timing";

/** A saved condition: what it will do, in one sentence, and the owner's arm/disarm switch. */
export function ConditionCard({ condition, now, timeZone }: { condition: Condition; now: Date; timeZone: string }) {
  const setArmed = useSetConditionArmed();
  const switchId = useId();
  const label = CONDITION_LABELS[condition.condition_type].title;
  // A delivery date cancelled by a check-in is off as far as the engine is concerned; switching it
  // on again re-arms it (the server restarts its clock).
  const armed = canFire(condition);
  const cancelled = cancelledByCheckIn(condition);
  const reminders = [...condition.reminder_hours].sort((a, b) => b - a).map((m) => formatDuration(m));
  return (
    <li className="flex flex-col gap-2 rounded-lg border bg-background p-3">
      <div className="flex items-center justify-between gap-3">
        <span className="font-medium">{label}</span>
        <span className="flex items-center gap-2">
          <label htmlFor={switchId} className="text-sm text-muted-foreground">
            {armed ? "Armed" : cancelled ? "Cancelled" : "Off"}
          </label>
          <Switch
            id={switchId}
            aria-label={`${label}: armed`}
            checked={armed}
            disabled={setArmed.isPending}
            onCheckedChange={(checked) => setArmed.mutate({ id: condition.id, armed: checked })}
          />
        </span>
      </div>
      <p className="text-sm">{describeCondition(timingOf(condition), now, timeZone, undefined, userLocale())}</p>
      {reminders.length > 0 && armed && (
        <p className="text-xs text-muted-foreground">Reminders to you: {reminders.join(", ")} before.</p>
      )}
    </li>
  );
}

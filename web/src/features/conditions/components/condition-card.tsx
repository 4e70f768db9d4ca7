import {
  canFire,
  cancelledByCheckIn,
  describeCondition,
  formatDuration,
  movedDeadline,
  type Condition,
} from "@trigger-switch/contracts";
import { userLocale } from "@/lib/format-date-time";
import { useId, useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Switch } from "@/components/ui/switch";
import { ConfirmationSection } from "@/features/trusted-contacts";
import { useSetConditionArmed } from "../api/set-condition-armed";
import { CONDITION_LABELS } from "../utils/condition-labels";
import { timingOf } from "../utils/condition-timing";

/**
 * A saved condition: what it will do, in one sentence, and the owner's arm/disarm switch; for a timed
 * one, whether trusted contacts are asked first (docs/decisions/041). Arming
 * again a condition that already fired asks first: the message would go out again, to the people
 * it names (`recipientNames`, the message's recipients now).
 */
export function ConditionCard({
  condition,
  now,
  timeZone,
  recipientNames = [],
}: {
  condition: Condition;
  now: Date;
  timeZone: string;
  recipientNames?: string[];
}) {
  const setArmed = useSetConditionArmed();
  const switchId = useId();
  const [confirming, setConfirming] = useState(false);
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
            onCheckedChange={(checked) =>
              checked && !condition.active ? setConfirming(true) : setArmed.mutate({ id: condition.id, armed: checked })
            }
          />
        </span>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Arm this condition again?"
        description={`This condition already sent this message. Armed again, it sends it again${
          recipientNames.length > 0 ? ` — to ${listNames(recipientNames)} —` : ""
        } the next time it fires.`}
        cancelLabel="Keep it off"
        confirmLabel="Arm again"
        pending={setArmed.isPending}
        onConfirm={() => setArmed.mutate({ id: condition.id, armed: true }, { onSettled: () => setConfirming(false) })}
      />
      <p className="text-sm">
        {describeCondition(timingOf(condition), now, timeZone, movedDeadline(condition, now), userLocale())}
      </p>
      {reminders.length > 0 && armed && (
        <p className="text-xs text-muted-foreground">Reminders to you: {reminders.join(", ")} before.</p>
      )}
      <ConfirmationSection condition={condition} now={now} timeZone={timeZone} />
    </li>
  );
}

const listNames = (names: string[]) =>
  names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;

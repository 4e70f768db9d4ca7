import { CONDITION_TYPES, type ConditionType } from "@trigger-switch/contracts";
import { CalendarClock, Repeat, Siren, Timer, type LucideIcon } from "lucide-react";
import { CONDITION_LABELS, conditionTypeDescription } from "../utils/condition-labels";

const ICONS: Record<ConditionType, LucideIcon> = {
  no_check_in: Timer,
  recurring_check_in: Repeat,
  inactivity_to_date: CalendarClock,
  panic_trigger: Siren,
};

/** The four types as large buttons with a line each on what they do. */
export function ConditionTypePicker({ onPick }: { onPick: (type: ConditionType) => void }) {
  return (
    <ul aria-label="Condition types" className="grid gap-2 sm:grid-cols-2">
      {CONDITION_TYPES.map((type) => {
        const Icon = ICONS[type];
        return (
          <li key={type}>
            <button
              type="button"
              onClick={() => onPick(type)}
              className="flex h-full w-full items-start gap-3 rounded-lg border bg-card p-3 text-left transition-colors hover:border-primary hover:bg-secondary/60 focus-visible:outline-2 focus-visible:outline-ring"
            >
              <Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
              <span className="flex flex-col gap-0.5">
                <span className="font-medium">{CONDITION_LABELS[type].title}</span>
                <span className="text-sm text-muted-foreground">{conditionTypeDescription(type)}</span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

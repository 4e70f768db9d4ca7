import { checkInIntervalReason, type Condition, type PlanCheckInRules } from "@trigger-switch/contracts";
import { Trash2 } from "lucide-react";
import { useId } from "react";
import { FormField } from "@/components/ui/form-field";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import type { DraftCheck } from "../utils/check-draft";
import { CONDITION_LABELS, conditionTypeDescription } from "../utils/condition-labels";
import { fitReminders, type ConditionDraft } from "../utils/condition-draft";
import { AccessFields } from "./access-fields";
import { ConditionPreview } from "./condition-preview";
import { DurationFields } from "./duration-fields";
import { RemindersField } from "./reminders-field";
import { ScheduleFields } from "./schedule-fields";
import { ZoneHint } from "./zone-hint";

// Minutes. Short intervals first: someone walking home alone needs "15 minutes", not "1 day".
const CHECK_IN_PRESETS = [15, 30, 60, 180, 720, 1440, 4320, 10080];
const WINDOW_PRESETS = [0, 60, 1440, 10080];

const presetTotal = (d: { days: string; hours: string; minutes: string }) =>
  Number(d.days) * 1440 + Number(d.hours) * 60 + Number(d.minutes);

export interface ConditionBuilderProps {
  draft: ConditionDraft;
  onChange: (draft: ConditionDraft) => void;
  onRemove: () => void;
  /** The contracts' validation of the draft (checkDraft). */
  check: DraftCheck;
  /** Messages from the server for this condition, shown until the draft changes. */
  serverErrors?: Record<string, string>;
  /** The saved condition when the draft is one and has not been changed. */
  unchanged?: Condition;
  now: Date;
  timeZone: string;
  /** The plan's shortest no-check-in interval: shorter quick choices are not offered (docs/decisions/018). */
  plan?: PlanCheckInRules;
}

/** One trigger condition: the fields its type needs, checked as you type, and what will happen. */
export function ConditionBuilder({
  draft,
  onChange,
  onRemove,
  check,
  serverErrors = {},
  unchanged,
  now,
  timeZone,
  plan,
}: ConditionBuilderProps) {
  const titleId = useId();
  const errors = { ...check.errors, ...serverErrors };
  const set = (change: Partial<ConditionDraft>) => onChange({ ...draft, ...change });
  const label = CONDITION_LABELS[draft.condition_type];
  const duration = { days: draft.days, hours: draft.hours, minutes: draft.minutes };
  const thresholdError = errors.hours_threshold ?? errors.minutes_threshold;
  // The server refuses a shorter interval on this plan, so it is not offered; the line says why.
  const checkInPresets = plan ? CHECK_IN_PRESETS.filter((m) => m >= plan.minMinutes) : CHECK_IN_PRESETS;
  const planReason =
    plan && checkInPresets.length < CHECK_IN_PRESETS.length ? checkInIntervalReason(plan.ctx, plan) : undefined;

  return (
    <section
      role="group"
      aria-labelledby={titleId}
      className="flex flex-col gap-5 rounded-xl border bg-card p-4 shadow-sm sm:p-5"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h3 id={titleId} className="font-semibold">
            {label.title}
          </h3>
          <p className="text-sm text-muted-foreground">{conditionTypeDescription(draft.condition_type)}</p>
        </div>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={onRemove}
          aria-label={`Remove condition: ${label.title}`}
        >
          <Trash2 aria-hidden="true" />
          <span className="hidden sm:inline">Remove</span>
        </Button>
      </div>

      {draft.condition_type === "no_check_in" && (
        <DurationFields
          legend="Send if I do not check in for"
          value={duration}
          onChange={(value, how) =>
            set(how?.preset ? { ...value, reminders: fitReminders(draft.reminders, presetTotal(value)) } : value)
          }
          presets={checkInPresets}
          hint={planReason}
          error={thresholdError}
        />
      )}

      {draft.condition_type === "recurring_check_in" && (
        <ScheduleFields value={draft} onChange={set} errors={errors} ownerZone={timeZone} />
      )}

      {draft.condition_type === "inactivity_to_date" && (
        <>
          <FormField
            label="Goes out on"
            hint={<ZoneHint zone={draft.time_zone} ownerZone={timeZone} />}
            error={errors.deliver_at}
            className="sm:max-w-72"
          >
            <Input
              type="datetime-local"
              value={draft.deliver_at}
              onChange={(event) => set({ deliver_at: event.target.value })}
            />
          </FormField>
          <DurationFields
            legend="Only a check-in this long before the date cancels it"
            hint="0 = any check-in after you save cancels it."
            value={duration}
            onChange={set}
            presets={WINDOW_PRESETS}
            error={thresholdError}
          />
        </>
      )}

      {draft.condition_type === "panic_trigger" && (
        <label className="flex items-start gap-3 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 size-4 accent-primary"
            checked={draft.keep_armed}
            onChange={(event) => set({ keep_armed: event.target.checked })}
          />
          <span className="flex flex-col gap-0.5">
            <span className="font-medium">Keep armed after it is used</span>
            <span className="text-muted-foreground">
              Untick to switch this condition off once the emergency message has gone out.
            </span>
          </span>
        </label>
      )}

      {draft.condition_type !== "panic_trigger" && (
        <RemindersField
          value={draft.reminders}
          onChange={(reminders) => set({ reminders })}
          error={errors.reminder_hours}
        />
      )}

      <AccessFields
        unlockDelayHours={draft.unlock_delay_hours}
        expiryHours={draft.expiry_hours}
        onChange={set}
        errors={errors}
      />

      <ConditionPreview check={check} unchanged={unchanged} now={now} timeZone={timeZone} />
    </section>
  );
}

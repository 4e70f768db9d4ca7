import { useId } from "react";
import { TimeOfDaySelect } from "@/components/time-of-day-select";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import type { ConditionDraft } from "../utils/condition-draft";
import { FieldError } from "./field-error";
import { ZoneHint } from "./zone-hint";

const WEEKDAYS = [
  [1, "Mon", "Monday"],
  [2, "Tue", "Tuesday"],
  [3, "Wed", "Wednesday"],
  [4, "Thu", "Thursday"],
  [5, "Fri", "Friday"],
  [6, "Sat", "Saturday"],
  [7, "Sun", "Sunday"],
] as const;

type Schedule = Pick<ConditionDraft, "schedule" | "every_days" | "weekdays" | "at" | "grace_minutes" | "time_zone">;

export interface ScheduleFieldsProps {
  value: Schedule;
  onChange: (change: Partial<Schedule>) => void;
  errors: Record<string, string>;
  /** The owner's zone (their profile's): new schedules are in it. */
  ownerZone: string;
}

/** A recurring check-in: every N days or on chosen weekdays, at a local time, with grace. */
export function ScheduleFields({ value, onChange, errors, ownerZone }: ScheduleFieldsProps) {
  const name = useId();
  return (
    <div className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium">Repeat</legend>
        <div className="flex flex-wrap gap-4">
          <label className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={name}
              className="size-4 accent-primary"
              checked={value.schedule === "every_n_days"}
              onChange={() => onChange({ schedule: "every_n_days" })}
            />
            Every few days
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={name}
              className="size-4 accent-primary"
              checked={value.schedule === "weekdays"}
              onChange={() => onChange({ schedule: "weekdays" })}
            />
            On chosen weekdays
          </label>
        </div>
      </fieldset>
      {value.schedule === "every_n_days" ? (
        <FormField
          label="Every how many days"
          hint="1 = every day"
          error={errors["recurring_pattern.every_days"]}
          className="max-w-48"
        >
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            value={value.every_days}
            onChange={(event) => onChange({ every_days: event.target.value })}
          />
        </FormField>
      ) : (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-medium">Weekdays</legend>
          <div className="flex flex-wrap gap-1.5">
            {WEEKDAYS.map(([day, short, long]) => {
              const checked = value.weekdays.includes(day);
              return (
                <label
                  key={day}
                  className="flex h-9 min-w-12 cursor-pointer items-center justify-center rounded-md border px-2 text-sm has-checked:border-primary has-checked:bg-primary has-checked:text-primary-foreground has-focus-visible:outline-2 has-focus-visible:outline-ring"
                >
                  <input
                    type="checkbox"
                    className="sr-only"
                    aria-label={long}
                    checked={checked}
                    onChange={() =>
                      onChange({
                        weekdays: checked
                          ? value.weekdays.filter((d) => d !== day)
                          : [...value.weekdays, day].sort((a, b) => a - b),
                      })
                    }
                  />
                  <span aria-hidden="true">{short}</span>
                </label>
              );
            })}
          </div>
          <FieldError message={errors["recurring_pattern.weekdays"]} />
        </fieldset>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <TimeOfDaySelect
          label="Check in by"
          value={value.at}
          onChange={(at) => onChange({ at })}
          hint={
            <ZoneHint
              zone={value.time_zone}
              ownerZone={ownerZone}
              onUseOwnerZone={() => onChange({ time_zone: ownerZone })}
            />
          }
          error={errors["recurring_pattern.at"]}
        />
        <FormField
          label="Grace period (minutes)"
          hint="Extra time after the check-in time before it goes out."
          error={errors["recurring_pattern.grace_minutes"]}
        >
          <Input
            type="number"
            inputMode="numeric"
            min={0}
            value={value.grace_minutes}
            onChange={(event) => onChange({ grace_minutes: event.target.value })}
          />
        </FormField>
      </div>
      <FieldError message={errors.recurring_pattern ?? errors["recurring_pattern.time_zone"]} />
    </div>
  );
}

import { REMINDERS_MAX } from "@trigger-switch/contracts";
import { Plus, X } from "lucide-react";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import type { ConditionDraft, ReminderUnit } from "../utils/condition-draft";
import { FieldError } from "./field-error";

type Reminders = ConditionDraft["reminders"];

export interface RemindersFieldProps {
  value: Reminders;
  onChange: (value: Reminders) => void;
  error?: string;
}

/** Offsets before the deadline at which the owner is reminded to check in (at most five). */
export function RemindersField({ value, onChange, error }: RemindersFieldProps) {
  const id = useId();
  const update = (index: number, change: Partial<Reminders[number]>) =>
    onChange(value.map((reminder, i) => (i === index ? { ...reminder, ...change } : reminder)));
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={`${id}-hint`}>
      <legend className="mb-2 text-sm font-medium">Remind me before it goes out</legend>
      {value.length === 0 && <p className="text-sm text-muted-foreground">No reminders.</p>}
      <ul className="flex flex-col gap-2">
        {value.map((reminder, index) => (
          <li key={index} className="flex items-center gap-2">
            <Input
              type="number"
              inputMode="numeric"
              min={1}
              className="w-20 shrink-0"
              aria-label={`Reminder ${index + 1} amount`}
              value={reminder.value}
              onChange={(event) => update(index, { value: event.target.value })}
              aria-invalid={error ? true : undefined}
            />
            <Select
              className="min-w-0 flex-1 sm:w-32 sm:flex-none"
              aria-label={`Reminder ${index + 1} unit`}
              value={reminder.unit}
              onChange={(event) => update(index, { unit: event.target.value as ReminderUnit })}
            >
              <option value="minutes">minutes</option>
              <option value="hours">hours</option>
              <option value="days">days</option>
            </Select>
            <span className="hidden text-sm text-muted-foreground sm:inline">before</span>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label={`Remove reminder ${index + 1}`}
              onClick={() => onChange(value.filter((_, i) => i !== index))}
            >
              <X aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ul>
      {value.length < REMINDERS_MAX && (
        <div>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => onChange([...value, { value: "10", unit: "minutes" }])}
          >
            <Plus aria-hidden="true" />
            Add reminder
          </Button>
        </div>
      )}
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        Reminders go to you, never to your recipients, so you can check in in time.
      </p>
      <FieldError message={error} />
    </fieldset>
  );
}

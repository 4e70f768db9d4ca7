import { useId, type ChangeEvent } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { FieldError } from "./field-error";

export interface Duration {
  days: string;
  hours: string;
  minutes: string;
}

export interface DurationFieldsProps {
  legend: string;
  hint?: string;
  value: Duration;
  /** `preset`: the owner tapped a quick choice (so the caller may fit what depends on it). */
  onChange: (value: Duration, how?: { preset: boolean }) => void;
  error?: string;
  /** One-tap choices, in minutes; short ones first because personal-safety use needs them. */
  presets?: number[];
}

const PART_LABELS = { days: "Days", hours: "Hours", minutes: "Minutes" } as const;

const presetLabel = (minutes: number) =>
  minutes === 0
    ? "Any time"
    : minutes % 1440 === 0
      ? `${minutes / 1440} day${minutes === 1440 ? "" : "s"}`
      : minutes % 60 === 0
        ? `${minutes / 60} h`
        : `${minutes} min`;

/** Days, hours and minutes side by side, so "15 minutes" is as easy to set as "3 days". */
export function DurationFields({ legend, hint, value, onChange, error, presets = [] }: DurationFieldsProps) {
  const id = useId();
  const set = (part: keyof Duration) => (event: ChangeEvent<HTMLInputElement>) =>
    onChange({ ...value, [part]: event.target.value });
  const total = (Number(value.days) || 0) * 1440 + (Number(value.hours) || 0) * 60 + (Number(value.minutes) || 0);
  const choose = (minutes: number) =>
    onChange(
      {
        days: String(Math.floor(minutes / 1440)),
        hours: String(Math.floor((minutes % 1440) / 60)),
        minutes: String(minutes % 60),
      },
      { preset: true },
    );
  return (
    <fieldset
      className="flex flex-col gap-2"
      aria-describedby={[hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ") || undefined}
    >
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      {presets.length > 0 && (
        <div className="flex flex-wrap gap-1.5" role="group" aria-label={`Quick choices: ${legend}`}>
          {presets.map((minutes) => (
            <Button
              key={minutes}
              type="button"
              size="sm"
              variant={total === minutes ? "default" : "outline"}
              className="h-8 px-2.5"
              aria-pressed={total === minutes}
              onClick={() => choose(minutes)}
            >
              {presetLabel(minutes)}
            </Button>
          ))}
        </div>
      )}
      <div className="grid grid-cols-3 gap-2">
        {(["days", "hours", "minutes"] as const).map((part) => (
          <div key={part} className="flex flex-col gap-1">
            <Label htmlFor={`${id}-${part}`} className="text-xs text-muted-foreground">
              {PART_LABELS[part]}
            </Label>
            <Input
              id={`${id}-${part}`}
              type="number"
              inputMode="numeric"
              min={0}
              value={value[part]}
              onChange={set(part)}
              aria-invalid={error ? true : undefined}
            />
          </div>
        ))}
      </div>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}

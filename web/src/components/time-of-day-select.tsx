import { uses12HourClock } from "@trigger-switch/contracts";
import { useId, type ReactNode } from "react";
import { Select } from "@/components/ui/select";
import { userLocale } from "@/lib/format-date-time";
import {
  fromTwelveHour,
  hourChoices,
  MINUTE_CHOICES,
  parseTimeOfDay,
  timeOfDayValue,
  toTwelveHour,
  type ClockTime,
} from "@/lib/time-of-day";

export interface TimeOfDaySelectProps {
  label: string;
  /** "HH:MM" (24-hour), or "" for none yet. */
  value: string;
  onChange: (value: string) => void;
  hint?: ReactNode;
  error?: string;
}

/**
 * A time of day as an hour and a minute picker (plus AM/PM on a 12-hour clock), in the hour
 * cycle of the reader's locale like every time the app writes (contracts' format/date-time.ts).
 * Not <input type="time">: Chromium draws that in its own UI language, so an en-GB page showed
 * "09:00 AM" beside sentences saying "09:00". Native selects: the phone's own picker, a label
 * each, and the group named by the legend (docs/decisions/025-what-the-owner-reads.md).
 */
export function TimeOfDaySelect({ label, value, onChange, hint, error }: TimeOfDaySelectProps) {
  const id = useId();
  const twelve = uses12HourClock(userLocale());
  const time = parseTimeOfDay(value);
  const shown = time && twelve ? toTwelveHour(time.hour) : null;
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  const set = (change: Partial<ClockTime>) =>
    onChange(timeOfDayValue({ hour: time?.hour ?? 9, minute: time?.minute ?? 0, ...change }));
  const common = {
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy || undefined,
    className: "w-auto min-w-18",
  } as const;

  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="mb-2 text-sm leading-none font-medium">{label}</legend>
      <div className="flex items-center gap-1.5">
        <Select
          aria-label="Hour"
          value={time ? String(shown ? shown.hour : time.hour) : ""}
          onChange={(e) => {
            const hour = Number(e.target.value);
            set({ hour: twelve ? fromTwelveHour(hour, shown?.period ?? "AM") : hour });
          }}
          {...common}
        >
          {!time && <option value="">--</option>}
          {hourChoices(twelve).map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </Select>
        <span aria-hidden="true" className="font-medium">
          :
        </span>
        <Select
          aria-label="Minute"
          value={time ? String(time.minute) : ""}
          onChange={(e) => set({ minute: Number(e.target.value) })}
          {...common}
        >
          {!time && <option value="">--</option>}
          {MINUTE_CHOICES.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </Select>
        {twelve && (
          <Select
            aria-label="AM or PM"
            value={shown?.period ?? "AM"}
            onChange={(e) => set({ hour: fromTwelveHour(shown?.hour ?? 9, e.target.value === "PM" ? "PM" : "AM") })}
            {...common}
          >
            <option value="AM">AM</option>
            <option value="PM">PM</option>
          </Select>
        )}
      </div>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}

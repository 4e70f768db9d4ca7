import { zonedWallTimeToInstant, type ConditionCreate, type ConditionUpdate } from "@trigger-switch/contracts";
import { numberOf, UNIT_MINUTES, type ConditionDraft } from "./condition-draft";

/** The draft's local date-time as an ISO instant, or null when it is not a complete value. */
export function deliverAtInstant(draft: Pick<ConditionDraft, "deliver_at" | "time_zone">): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(draft.deliver_at);
  if (!match) return null;
  const [, year, month, day, hour, minute] = match.map(Number) as [number, number, number, number, number, number];
  return new Date(zonedWallTimeToInstant({ year, month, day }, hour, minute, draft.time_zone)).toISOString();
}

/** POST /api/messages/:id/conditions body. Fields a type does not use are left at their defaults. */
export function draftToInput(draft: ConditionDraft): ConditionCreate {
  const type = draft.condition_type;
  const usesThreshold = type === "no_check_in" || type === "inactivity_to_date";
  const total = usesThreshold ? numberOf(draft.days) * 1440 + numberOf(draft.hours) * 60 + numberOf(draft.minutes) : 0;
  const access = {
    ...(numberOf(draft.unlock_delay_hours) !== 0 && { unlock_delay_hours: numberOf(draft.unlock_delay_hours) }),
    ...(numberOf(draft.expiry_hours) !== 0 && { expiry_hours: numberOf(draft.expiry_hours) }),
  };
  return {
    condition_type: type,
    // Whole minutes split as the API wants them: minutes_threshold stays 0–59.
    hours_threshold: Number.isFinite(total) ? Math.floor(total / 60) : total,
    minutes_threshold: Number.isFinite(total) ? total % 60 : total,
    reminder_hours:
      type === "panic_trigger" ? [] : draft.reminders.map((r) => numberOf(r.value) * UNIT_MINUTES[r.unit]),
    recipients: draft.recipients,
    recurring_pattern:
      type !== "recurring_check_in"
        ? null
        : draft.schedule === "every_n_days"
          ? {
              kind: "every_n_days",
              time_zone: draft.time_zone,
              every_days: numberOf(draft.every_days),
              ...(draft.start_date && { start_date: draft.start_date }),
              at: draft.at,
              grace_minutes: numberOf(draft.grace_minutes),
            }
          : {
              kind: "weekdays",
              time_zone: draft.time_zone,
              weekdays: draft.weekdays,
              at: draft.at,
              grace_minutes: numberOf(draft.grace_minutes),
            },
    panic_config: type === "panic_trigger" ? { keep_armed: draft.keep_armed, ...access } : access,
    deliver_at: type === "inactivity_to_date" ? (deliverAtInstant(draft) ?? "") : null,
  };
}

/** PATCH /api/conditions/:id body: everything editable; the type cannot change and recipients stay. */
export function draftToUpdate(draft: ConditionDraft): ConditionUpdate {
  const { condition_type: _type, recipients: _recipients, ...changes } = draftToInput(draft);
  return changes;
}

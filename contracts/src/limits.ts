/** Limits of messages, recipients, conditions and attachments (docs/decisions/003-condition-semantics.md). */
export const MESSAGE_TITLE_MAX = 200;
export const MESSAGE_TEXT_MAX = 50_000;
/** Characters of text_content shown in message lists. */
export const MESSAGE_PREVIEW_CHARS = 140;
export const LOCATION_NAME_MAX = 300;

export const RECIPIENT_NAME_MAX = 200;
export const RECIPIENT_NOTE_MAX = 1000;

/** A threshold (hours_threshold h + minutes_threshold m) is at least 5 minutes and at most 365 days. */
export const THRESHOLD_MIN_MINUTES = 5;
export const THRESHOLD_MAX_MINUTES = 365 * 24 * 60;
/** reminder_hours holds offsets in MINUTES before the deadline (see the decision record). */
export const REMINDERS_MAX = 5;
export const GRACE_MAX_MINUTES = 12 * 60;
/**
 * An inactivity_to_date must lie at least this far ahead when it is set or armed (deliverAtTooSoon),
 * and a recurring occurrence this far after arming. The SQL check-in has it as interval '5 minutes'
 * (ts_recurring_deadline, migration 0013): changing it needs a new migration too.
 */
export const DELIVER_AT_MIN_LEAD_MINUTES = 5;
export const DELIVER_AT_MAX_YEARS_AHEAD = 10;
/** The recipient access page settings (panic_config.unlock_delay_hours / expiry_hours). */
export const UNLOCK_DELAY_MAX_HOURS = 30 * 24;
export const EXPIRY_MAX_HOURS = 10 * 365 * 24;

export const ATTACHMENT_MAX_BYTES_DEFAULT = 25 * 1024 * 1024;
export const ATTACHMENTS_PER_MESSAGE_MAX = 10;
export const ATTACHMENT_NAME_MAX = 255;
export const CONDITIONS_PER_MESSAGE_MAX = 20;

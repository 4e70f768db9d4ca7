import {
  conditionCreateSchema,
  DELIVER_AT_TOO_SOON,
  deliverAtTooSoon,
  type ConditionCreate,
} from "@trigger-switch/contracts";
import type { ConditionDraft } from "./condition-draft";
import { deliverAtInstant, draftToInput } from "./draft-to-input";

export interface DraftCheck {
  /** The wire body, when the draft is valid. */
  input: ConditionCreate | null;
  /** Messages by field ("hours_threshold", "recurring_pattern.at", "deliver_at", …). */
  errors: Record<string, string>;
}

/** The error key of a schema issue (or a server `fields` entry): nested only one level. */
export function errorKey(path: readonly PropertyKey[]): string {
  const [first, second] = path.map(String);
  return (first === "recurring_pattern" || first === "panic_config") && second && !/^\d+$/.test(second)
    ? `${first}.${second}`
    : (first ?? "");
}

/**
 * The contracts' own schema (the server runs the same), plus the one rule that depends on the
 * clock: a new or changed delivery date must lie far enough ahead (contracts' deliverAtTooSoon).
 */
export function checkDraft(draft: ConditionDraft, now: Date): DraftCheck {
  const input = draftToInput(draft);
  const errors: Record<string, string> = {};
  const parsed = conditionCreateSchema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = errorKey(issue.path);
      errors[key] ??= issue.message;
    }
  }
  if (draft.condition_type === "inactivity_to_date") {
    const instant = deliverAtInstant(draft);
    if (instant === null) errors.deliver_at = "Choose the date and time it goes out";
    else if (draft.deliver_at !== draft.initial_deliver_at && deliverAtTooSoon(instant, now))
      errors.deliver_at = DELIVER_AT_TOO_SOON;
  }
  return { input: Object.keys(errors).length === 0 ? input : null, errors };
}

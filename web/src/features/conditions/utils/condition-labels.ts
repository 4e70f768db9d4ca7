import { formatClock, type ConditionType } from "@trigger-switch/contracts";
import { userLocale } from "@/lib/format-date-time";

/** The four types of spec §1 in the owner's words (names match the public home page). */
export const CONDITION_LABELS: Record<ConditionType, { title: string }> = {
  no_check_in: { title: "No check-in" },
  recurring_check_in: { title: "Recurring check-in" },
  inactivity_to_date: { title: "Inactivity until a date" },
  panic_trigger: { title: "Emergency button" },
};

/**
 * The line under each type's name: what it does. Its example time is written like every other
 * time, in the reader's hour cycle ("09:00", or "9:00 AM" in en-US).
 */
export function conditionTypeDescription(type: ConditionType, locale: string = userLocale()): string {
  switch (type) {
    case "no_check_in":
      return "Goes out if you do not check in for a set time, from minutes to days. Each check-in restarts the clock.";
    case "recurring_check_in":
      return `Check in on a schedule, such as every day at ${formatClock(9, 0, locale)} or on weekdays. Miss one and it goes out.`;
    case "inactivity_to_date":
      return "Goes out on a date you choose, unless you check in before then.";
    case "panic_trigger":
      return "Goes out at once when you press Emergency in the header, with your location if you allow it.";
  }
}

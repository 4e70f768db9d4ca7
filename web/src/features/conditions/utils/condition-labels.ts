import type { ConditionType } from "@trigger-switch/contracts";

/** The four types of spec §1 in the owner's words (names match the public home page). */
export const CONDITION_LABELS: Record<ConditionType, { title: string; description: string }> = {
  no_check_in: {
    title: "No check-in",
    description:
      "Goes out if you do not check in for a set time, from minutes to days. Each check-in restarts the clock.",
  },
  recurring_check_in: {
    title: "Recurring check-in",
    description: "Check in on a schedule, such as every day at 09:00 or on weekdays. Miss one and it goes out.",
  },
  inactivity_to_date: {
    title: "Inactivity until a date",
    description: "Goes out on a date you choose, unless you check in before then.",
  },
  panic_trigger: {
    title: "Emergency button",
    description: "Goes out at once when you press Emergency in the header, with your location if you allow it.",
  },
};

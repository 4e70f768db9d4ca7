import {
  DELIVER_AT_MAX_YEARS_AHEAD,
  DELIVER_AT_MIN_LEAD_MINUTES,
  DELIVER_AT_TOO_SOON,
  deliverAtTooSoon,
} from "@trigger-switch/contracts";
import { AppError } from "../errors.ts";

/** deliver_at must lie at least 5 minutes ahead when set or armed: a date in the past would fire at once. */
export function checkDeliverAt(deliverAt: Date | null, now: Date): void {
  if (deliverAt === null) return;
  if (deliverAtTooSoon(deliverAt, now)) {
    throw new AppError(
      "validation_failed",
      `Choose a delivery time at least ${DELIVER_AT_MIN_LEAD_MINUTES} minutes from now.`,
      {
        deliver_at: DELIVER_AT_TOO_SOON,
      },
    );
  }
  const latest = new Date(now);
  latest.setUTCFullYear(latest.getUTCFullYear() + DELIVER_AT_MAX_YEARS_AHEAD);
  if (deliverAt > latest) {
    throw new AppError("validation_failed", `Choose a delivery time within ${DELIVER_AT_MAX_YEARS_AHEAD} years.`, {
      deliver_at: `Choose a time within ${DELIVER_AT_MAX_YEARS_AHEAD} years`,
    });
  }
}

import { DELIVER_AT_MIN_LEAD_MINUTES } from "../limits.ts";

/**
 * Whether a delivery date lies too close to `now` to be set or armed (less than
 * DELIVER_AT_MIN_LEAD_MINUTES ahead, or passed): arming restarts the clock, so it would fire at once.
 * The web's form, the server's create/update, arming and an account's re-enabling all ask this.
 */
export function deliverAtTooSoon(deliverAt: Date | string, now: Date): boolean {
  return new Date(deliverAt).getTime() < now.getTime() + DELIVER_AT_MIN_LEAD_MINUTES * 60_000;
}

/** The deliver_at field's message when it is too soon, the same on the form and from the server. */
export const DELIVER_AT_TOO_SOON = `Choose a time at least ${DELIVER_AT_MIN_LEAD_MINUTES} minutes from now`;

import {
  describeAge,
  EMERGENCY_LOCATION_MAX_AGE_MS,
  type SendMessageNotificationsResponse,
} from "@trigger-switch/contracts";
import type { LocationFailure, LocationOutcome } from "./location-outcome";

/** What the server's answer says went with the alert (docs/decisions/008). */
export interface ServerLocation {
  included: boolean;
  /** When the position that went was captured (ISO 8601); null when not said. */
  locatedAt: string | null;
  place: string | null;
  /** When the server accepted the alert (ISO 8601, its clock); null when not said. */
  triggeredAt: string | null;
}

/** The answer's fields on the position; null when it does not say (an older server, an unknown duplicate). */
export function serverLocationOf(answer: SendMessageNotificationsResponse): ServerLocation | null {
  if (answer.locationIncluded === undefined) return null;
  return {
    included: answer.locationIncluded,
    locatedAt: answer.locatedAt ?? null,
    place: answer.locationName ?? null,
    triggeredAt: answer.triggeredAt ?? null,
  };
}

/**
 * What the owner is told about their position. `earlierMs`: the position that went was not the
 * one this press stored but an earlier capture, taken this long before the alert (null: this
 * press's own, or the age is unknown when `earlier`). `notNow`: why this press found none itself.
 */
export type SentLocation =
  | { included: true; place: string | null; earlier: boolean; earlierMs: number | null; notNow: LocationFailure | null }
  | { included: false; reason: LocationFailure };

/**
 * The server's answer is the truth in both directions: a position the browser stored may not
 * have gone (not current, typed over), and a press that found none may still have sent one the
 * server holds from a press moments before (within EMERGENCY_LOCATION_MAX_AGE_MS). Without an
 * answer on it (an older server), the browser's own outcome is all there is.
 *
 * A duplicate's answer is about the alert it repeats: the position that went with that one, taken
 * at its own press — never "earlier", and never this press's failure to find one.
 */
export function sentLocation(browser: LocationOutcome, server: ServerLocation | null, duplicate = false): SentLocation {
  if (duplicate) {
    if (!server) return { included: false, reason: "unknown" };
    return server.included
      ? { included: true, place: server.place, earlier: false, earlierMs: null, notNow: null }
      : { included: false, reason: "first-alert" };
  }
  if (!server) {
    return browser.included
      ? { included: true, place: browser.place, earlier: false, earlierMs: null, notNow: null }
      : browser;
  }
  if (!server.included) return { included: false, reason: browser.included ? "not-saved" : browser.reason };
  const earlierMs = ageAtAlert(server);
  // The browser's own capture, or one taken within the second of the alert: a position taken at
  // the press is current, not "earlier".
  const own =
    (browser.included &&
      (server.locatedAt === null || browser.locatedAt === null || server.locatedAt === browser.locatedAt)) ||
    (earlierMs !== null && earlierMs < 1000);
  if (own)
    return {
      included: true,
      place: server.place ?? (browser.included ? browser.place : null),
      earlier: false,
      earlierMs: null,
      notNow: null,
    };
  return {
    included: true,
    place: server.place,
    earlier: true,
    earlierMs,
    notNow: browser.included ? null : browser.reason,
  };
}

function ageAtAlert({ locatedAt, triggeredAt }: ServerLocation): number | null {
  if (!locatedAt || !triggeredAt) return null;
  const ms = Date.parse(triggeredAt) - Date.parse(locatedAt);
  return Number.isFinite(ms) ? Math.max(0, ms) : null;
}

/** "64 seconds before": how long before the alert an earlier position was taken, as the recipient's mail says it. */
export function takenBefore(location: Extract<SentLocation, { included: true }>): string {
  return location.earlierMs === null
    ? `at most ${EMERGENCY_LOCATION_MAX_AGE_MS / 60_000} minutes before`
    : `${describeAge(location.earlierMs)} before`;
}

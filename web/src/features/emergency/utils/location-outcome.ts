import { GEOLOCATION_TIMEOUT_MS } from "@trigger-switch/contracts";

/**
 * Why a press went out without the sender's position. For a press the server skipped as a repeat:
 * "first-alert" — the alert it repeats went without one; "unknown" — the answer does not say.
 */
export type LocationFailure =
  "denied" | "timeout" | "unavailable" | "unsupported" | "not-saved" | "first-alert" | "unknown";

/**
 * What this browser managed for one press: the position found and stored with the message
 * (`place`: the server's name for it; `locatedAt`: the server's capture time), or why not. The
 * server decides what goes with the alert (sent-location.ts).
 */
export type LocationOutcome =
  { included: true; place: string | null; locatedAt: string | null } | { included: false; reason: LocationFailure };

/** Plain words for each failure, finishing the sentence "Your location was not included: …". */
export function locationFailureText(reason: LocationFailure): string {
  switch (reason) {
    case "denied":
      return "location access is blocked for this site in your browser";
    case "timeout":
      return `your position could not be found within ${GEOLOCATION_TIMEOUT_MS / 1000} seconds`;
    case "unavailable":
      return "your device could not work out where you are";
    case "unsupported":
      return "this browser cannot share a location";
    case "not-saved":
      return "your position could not be saved with the message";
    case "first-alert":
      return "the alert you had already sent went without it";
    case "unknown":
      return "it is not known whether it went with the alert you had already sent";
  }
}

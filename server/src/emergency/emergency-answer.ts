import {
  NO_ACTIVE_PANIC_MESSAGE,
  noDeliverableRecipientMessage,
  type SendMessageNotificationsResponse,
} from "@trigger-switch/contracts";
import type { EmergencyOutcome, PressSummary } from "./trigger-emergency.ts";

/**
 * The HTTP answer of send-message-notifications (docs/decisions/008): 200 when the alert is on its
 * way or was a duplicate of one that is; 409 with `success: false` and an error a person can act on
 * when nothing was sent (the message's state is the problem, not the request).
 */
export function emergencyAnswer(outcome: EmergencyOutcome): {
  status: 200 | 409;
  body: SendMessageNotificationsResponse;
} {
  switch (outcome.kind) {
    case "triggered":
      return {
        status: 200,
        body: {
          success: true,
          error: null,
          keepArmed: outcome.keepArmed,
          duplicate: false,
          recipients: outcome.recipients,
          ...pressFields(outcome.press),
        },
      };
    case "duplicate":
      // Spec §5: skipped and treated as success with keepArmed true; says what the alert it repeats carried.
      return {
        status: 200,
        body: {
          success: true,
          error: null,
          keepArmed: true,
          duplicate: true,
          recipients: 0,
          ...(outcome.press ? pressFields(outcome.press) : {}),
        },
      };
    case "no_active_panic":
      return { status: 409, body: { success: false, error: NO_ACTIVE_PANIC_MESSAGE } };
    case "no_deliverable_recipient":
      return { status: 409, body: { success: false, error: noDeliverableRecipientMessage(outcome) } };
  }
}

/** What went with the alert, for the owner: the server's word, whatever the browser managed. */
function pressFields(
  press: PressSummary,
): Pick<SendMessageNotificationsResponse, "locationIncluded" | "locatedAt" | "locationName" | "triggeredAt"> {
  return {
    locationIncluded: press.location !== null,
    locatedAt: press.location?.locatedAt.toISOString() ?? null,
    locationName: press.location?.name ?? null,
    triggeredAt: press.triggeredAt.toISOString(),
  };
}

import {
  sendMessageNotificationsResponse,
  type SendMessageNotificationsBody,
  type SendMessageNotificationsResponse,
} from "@trigger-switch/contracts";
import type { ApiClient } from "@/lib/api-client";
import { isApiError } from "@/lib/api-client";

/** One press: the same id and time are sent again by the retry, so the server can skip a repeat. */
export interface EmergencyRequest {
  messageId: string;
  deduplicationId: string;
  /** The press, ISO 8601 (informational; the server's clock decides). */
  timestamp: string;
}

export type SendOutcome =
  | { ok: true; answer: SendMessageNotificationsResponse }
  | {
      ok: false;
      authRequired: boolean;
      error: string;
      /** The server's own sentence for a refusal (409), worth showing. */
      reason: string | null;
      /** No answer at all: the request never reached the server. */
      unreachable: boolean;
    };

/**
 * POST /functions/v1/send-message-notifications (spec §7) for one press. Never throws: a refusal
 * (`success: false`, e.g. 'No active panic message found'), an HTTP error and a lost connection all
 * come back as `ok: false`; a 401 says the person must sign in again.
 */
export async function sendEmergency(api: ApiClient, request: EmergencyRequest): Promise<SendOutcome> {
  const body = {
    messageId: request.messageId,
    isEmergency: true,
    forceSend: true,
    deduplicationId: request.deduplicationId,
    timestamp: request.timestamp,
  } satisfies SendMessageNotificationsBody;
  try {
    const answer = await api.post("/functions/v1/send-message-notifications", body, sendMessageNotificationsResponse);
    // A skipped duplicate (spec §5) is a success: the same alert already went out.
    if (answer.success || answer.duplicate) return { ok: true, answer };
    return {
      ok: false,
      authRequired: false,
      error: answer.error ?? "The server did not send the message",
      reason: answer.error,
      unreachable: false,
    };
  } catch (error) {
    const authRequired = isApiError(error) && error.status === 401;
    // A refusal (409: no active panic condition, nobody with an e-mail address) keeps the spec's
    // body shape; the API client hands it over as the error's payload.
    const refusal = isApiError(error) ? sendMessageNotificationsResponse.safeParse(error.payload) : null;
    const reason = refusal?.success ? refusal.data.error : null;
    const unreachable = isApiError(error) && error.status === 0;
    return {
      ok: false,
      authRequired,
      error: error instanceof Error ? error.message : String(error),
      reason,
      unreachable,
    };
  }
}

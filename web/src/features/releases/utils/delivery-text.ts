import { CHANNEL_MESSAGE_WORDS } from "@trigger-switch/contracts";
import type { ReleaseGrant } from "../api/get-releases";

// Its own module: the dashboard words deliveries too, without the release list and its dialog.

/**
 * How the link reached the recipient, in the owner's words, naming the channel that carried it
 * (e-mail, WhatsApp, SMS) — and, on a server without a mail server or provider, that it was only
 * kept in the local mailbox: nobody was sent it.
 */
export function deliveryText(
  grant: Pick<ReleaseGrant, "delivery_status" | "delivered_at" | "cancelled_at" | "delivery_channel" | "kept_locally">,
  when: (iso: string) => string,
): string {
  if (grant.cancelled_at) return "withdrawn";
  const what = grant.delivery_channel ? CHANNEL_MESSAGE_WORDS[grant.delivery_channel] : "link";
  switch (grant.delivery_status) {
    case "sent": {
      const at = grant.delivered_at ? ` ${when(grant.delivered_at)}` : "";
      return grant.kept_locally ? `${what} kept in the local mailbox${at}` : `${what} sent${at}`;
    }
    case "pending":
      return `${what} being sent`;
    case "failed":
      return `${what} could not be sent`;
    default:
      return "nothing sent";
  }
}

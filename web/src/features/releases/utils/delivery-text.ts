import type { ReleaseGrant } from "../api/get-releases";

// Its own module: the dashboard words deliveries too, without the release list and its dialog.

/** Whether the e-mail with the link reached the recipient's mail server, in the owner's words. */
export function deliveryText(
  grant: Pick<ReleaseGrant, "delivery_status" | "delivered_at" | "cancelled_at">,
  when: (iso: string) => string,
): string {
  if (grant.cancelled_at) return "withdrawn";
  switch (grant.delivery_status) {
    case "sent":
      return grant.delivered_at ? `e-mail sent ${when(grant.delivered_at)}` : "e-mail sent";
    case "pending":
      return "e-mail being sent";
    case "failed":
      return "e-mail could not be sent";
    default:
      return "no e-mail sent";
  }
}

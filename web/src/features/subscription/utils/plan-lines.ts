import type { Plan } from "@trigger-switch/contracts";
import { formatDuration } from "@trigger-switch/contracts";

/** What a plan includes, as short lines. Channels not built yet are not promised. */
export function planLines(plan: Plan): string[] {
  const mb = Math.round(plan.max_attachment_bytes / 1024 / 1024);
  return [
    `${plan.max_messages} messages`,
    `${plan.max_recipients} recipients`,
    `${plan.max_attachments_per_message} attachments per message, up to ${mb} MB each`,
    `Check-in intervals from ${formatDuration(plan.min_check_in_minutes)}`,
    "Delivery by e-mail",
  ];
}

/** What `to` adds over `from`, as short lines. */
export function planGains(from: Plan, to: Plan): string[] {
  const gains: string[] = [];
  if (to.max_messages > from.max_messages) gains.push(`${to.max_messages} messages instead of ${from.max_messages}`);
  if (to.max_recipients > from.max_recipients)
    gains.push(`${to.max_recipients} recipients instead of ${from.max_recipients}`);
  if (
    to.max_attachments_per_message > from.max_attachments_per_message ||
    to.max_attachment_bytes > from.max_attachment_bytes
  ) {
    gains.push(
      `${to.max_attachments_per_message} attachments per message, up to ${Math.round(to.max_attachment_bytes / 1024 / 1024)} MB each`,
    );
  }
  if (to.min_check_in_minutes < from.min_check_in_minutes)
    gains.push(
      `Check-in intervals from ${formatDuration(to.min_check_in_minutes)} (instead of ${formatDuration(from.min_check_in_minutes)})`,
    );
  return gains;
}

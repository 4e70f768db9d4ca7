import type { Plan } from "@trigger-switch/contracts";
import { formatDuration, listChannels } from "@trigger-switch/contracts";

type Channel = Plan["channels"][number];
/** The plan's channels this server sends by: a channel the operator has not configured is never promised. */
const channelsHere = (plan: Plan, serverChannels: readonly Channel[]) =>
  plan.channels.filter((c) => serverChannels.includes(c));

/** What a plan includes, as short lines. */
export function planLines(plan: Plan, serverChannels: readonly Channel[]): string[] {
  const mb = Math.round(plan.max_attachment_bytes / 1024 / 1024);
  const channels = channelsHere(plan, serverChannels);
  return [
    `${plan.max_messages} messages`,
    `${plan.max_recipients} recipients`,
    `${plan.max_attachments_per_message} attachments per message, up to ${mb} MB each`,
    `Check-in intervals from ${formatDuration(plan.min_check_in_minutes)}`,
    channels.length > 1 ? `Delivery and reminders by ${listChannels(channels)}` : "Delivery by e-mail",
  ];
}

/** What `to` adds over `from`, as short lines. */
export function planGains(from: Plan, to: Plan, serverChannels: readonly Channel[]): string[] {
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
  const added = channelsHere(to, serverChannels).filter((c) => !from.channels.includes(c));
  if (added.length > 0)
    gains.push(
      `Messages delivered to your recipients by ${listChannels(added)}, and your check-in reminders by ${listChannels(added)} too`,
    );
  return gains;
}

import type { CancelledDelivery } from "@trigger-switch/contracts";
import { formatDateTime } from "@/lib/format-date-time";

/** A dated delivery a check-in cancels, named as the owner wrote it; "the message" when its title is not loaded. */
export interface DatedDelivery {
  /** The message's title, when known. */
  title: string | null;
  /** When it would go out. */
  deliverAt: string;
}

const named = ({ title, deliverAt }: DatedDelivery, timeZone: string) =>
  `${title ? `“${title}”` : "the message"} (set to go out ${formatDateTime(new Date(deliverAt), timeZone)})`;

function list(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/** Before: what Check In Now will do to a message that goes out on a date unless the owner checks in. */
export function checkInWillCancel(deliveries: DatedDelivery[], timeZone: string): string {
  const which = list(deliveries.map((d) => named(d, timeZone)));
  const them = deliveries.length === 1 ? "it" : "them";
  return `Checking in now also cancels the delivery of ${which}: nothing will send ${them} until you arm ${them} again.`;
}

/** After: what this check-in cancelled, from the server's answer. */
export function checkInCancelled(cancelled: CancelledDelivery[], timeZone: string): string {
  const which = list(cancelled.map((c) => named({ title: c.message_title, deliverAt: c.deliver_at }, timeZone)));
  const them = cancelled.length === 1 ? "it" : "them";
  return `This check-in cancelled the delivery of ${which}: nothing will send ${them} until you arm ${them} again.`;
}

/** The answer when no armed condition was waiting for a check-in (spec §4: it succeeds, and resets nothing). */
export const NOTHING_WAITED =
  "No armed condition was waiting for a check-in, so no timer was reset and nothing changed.";

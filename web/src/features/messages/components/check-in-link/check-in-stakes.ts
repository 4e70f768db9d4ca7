import type { CheckInLink } from "../../api/get-check-in-link";
import { formatWhen } from "../../utils/format-when";

/**
 * What is at stake, in one sentence: "Ada, 3 messages go out on Tue 14:00 unless you check in".
 * A deadline already passed means the engine is about to deliver: say so plainly.
 */
export function checkInStakes(link: CheckInLink, now: Date, timeZone: string): string {
  const name = link.owner_first_name?.trim();
  const greeting = name ? `${name}, ` : "";
  const count = link.message_count;
  if (!link.next_deadline || count === 0) {
    return `${greeting}nothing is waiting for a check-in right now. Checking in still confirms you are OK.`;
  }
  const messages = count === 1 ? "1 message" : `${count} messages`;
  const deadline = new Date(link.next_deadline);
  const when = formatWhen(deadline, now, timeZone);
  if (deadline.getTime() <= now.getTime()) {
    return `${greeting}${messages} ${count === 1 ? "was" : "were"} due to go out at ${when}. Check in now if you are OK.`;
  }
  return `${greeting}${messages} ${count === 1 ? "goes" : "go"} out on ${when} unless you check in.`;
}

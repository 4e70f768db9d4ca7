import type { Condition, MessageListItem } from "@trigger-switch/contracts";
import { liveDeadline } from "@/features/conditions";

export interface NextDeadline {
  message: MessageListItem;
  condition: Condition;
  deadline: Date;
}

/** The earliest deadline of any armed condition across all messages, for `now`. */
export function nextDeadlineOf(messages: MessageListItem[], now: Date): NextDeadline | null {
  let best: NextDeadline | null = null;
  for (const message of messages) {
    for (const condition of message.conditions) {
      const deadline = liveDeadline(condition, now);
      if (deadline && (!best || deadline.getTime() < best.deadline.getTime())) best = { message, condition, deadline };
    }
  }
  return best;
}

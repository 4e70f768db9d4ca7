import { messageState as stateOf, type Message, type MessageState } from "@trigger-switch/contracts";
import { userLocale } from "@/lib/format-date-time";

export type { MessageState, MessageStateKind } from "@trigger-switch/contracts";

/** The contracts' rule (contracts/src/message-state.ts), with the reader's clock. */
export function messageState(
  message: Pick<Message, "conditions" | "ready" | "problems" | "last_release">,
  now: Date,
  timeZone: string,
): MessageState {
  return stateOf(message, now, timeZone, userLocale());
}

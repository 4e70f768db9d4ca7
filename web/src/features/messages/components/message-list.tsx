import type { MessageListItem } from "@trigger-switch/contracts";
import { useNow } from "@/hooks/use-now";
import { useOwnerTimeZone } from "@/hooks/use-owner-time-zone";
import { messageState } from "../utils/message-state";
import { MessageCard } from "./message-card";

/** Every message with its state; the sentences follow the clock (a recurring deadline rolls on). */
export function MessageList({ messages }: { messages: MessageListItem[] }) {
  const now = useNow(30_000);
  const timeZone = useOwnerTimeZone();
  return (
    <ul aria-label="Messages" className="flex flex-col gap-3">
      {messages.map((message) => (
        <MessageCard key={message.id} message={message} state={messageState(message, now, timeZone)} />
      ))}
    </ul>
  );
}

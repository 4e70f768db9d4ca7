import { MailPlus } from "lucide-react";
import { EmptyState } from "@/components/empty-state";

/** No messages exist yet, and creating them arrives in a later release: say both. */
export function MessagesEmptyState() {
  return (
    <EmptyState icon={MailPlus} title="No messages yet">
      <p>
        A message is something you want the right people to receive if you can no longer tell them yourself: a
        letter, instructions, passwords to a shared account, or where to find important papers. You choose its
        recipients and the condition that releases it, such as no check-in for a set time or the emergency button.
      </p>
      <p>Until it is released, only you can see it.</p>
      <p className="font-medium text-foreground">Creating messages arrives soon, in an upcoming release.</p>
    </EmptyState>
  );
}

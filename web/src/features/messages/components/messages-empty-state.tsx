import { MailPlus, PenLine } from "lucide-react";
import { Link } from "react-router";
import { EmptyState } from "@/components/empty-state";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";

/**
 * A new user's messages page: what a message is, and the one step to take next. "Add recipients
 * first" only to someone who has none; `recipientCount` null while unknown.
 */
export function MessagesEmptyState({ recipientCount }: { recipientCount: number | null }) {
  return (
    <EmptyState
      icon={MailPlus}
      title="No messages yet"
      actions={
        <>
          <Button asChild>
            <Link to={paths.createMessage}>
              <PenLine aria-hidden="true" />
              Write your first message
            </Link>
          </Button>
          {recipientCount !== null && (
            <Button asChild variant="outline">
              <Link to={paths.recipients}>
                {recipientCount === 0 ? "Add recipients first" : `Your recipients (${recipientCount})`}
              </Link>
            </Button>
          )}
        </>
      }
    >
      <p>
        A message is something you want the right people to receive if you can no longer tell them yourself: a letter,
        instructions, passwords to a shared account, or where to find important papers. You choose its recipients and
        the condition that sends it, such as no check-in for a set time or the emergency button.
      </p>
      <p>Until it is sent, only you can see it.</p>
    </EmptyState>
  );
}

import { FileQuestion } from "lucide-react";
import { Link } from "react-router";
import { EmptyState } from "@/components/empty-state";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";

/**
 * Spec §2: the message-not-found view. Says nothing about whether someone else owns the id. It is
 * the whole page (message and edit routes), so its heading is the page's h1.
 */
export function MessageNotFound() {
  return (
    <EmptyState
      icon={FileQuestion}
      title="Message not found"
      headingLevel={1}
      actions={
        <Button asChild>
          <Link to={paths.messages}>Back to messages</Link>
        </Button>
      }
    >
      <p>This message does not exist, or it is not one of yours. It may have been deleted.</p>
    </EmptyState>
  );
}

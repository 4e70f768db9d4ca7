import { Clock } from "lucide-react";
import { EmptyState } from "@/components/empty-state";
import { Button } from "@/components/ui/button";
import { formatDateTime } from "@/lib/format-date-time";
import { browserTimeZone } from "@/lib/time-zone";

/** During the unlock delay only the opening time is known here; nothing else about the message. */
export function LockedMessage({
  opensAt,
  onCheckAgain,
  checking,
}: {
  opensAt: string;
  onCheckAgain: () => void;
  checking: boolean;
}) {
  const when = formatDateTime(new Date(opensAt), browserTimeZone());
  return (
    <EmptyState
      icon={Clock}
      title={`This message opens on ${when}`}
      headingLevel={1}
      actions={
        <Button type="button" variant="outline" onClick={onCheckAgain} disabled={checking}>
          Check again
        </Button>
      }
    >
      <p>
        The person who wrote it chose to have it wait a little while after it was released before it can be read.
        Nothing is wrong with your link.
      </p>
      {/* No promise that it will be here: its sender may still withdraw it before it opens. */}
      <p>Keep this page open and the message appears here by itself, or come back to this same link after that time.</p>
    </EmptyState>
  );
}

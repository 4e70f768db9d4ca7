import { CloudOff } from "lucide-react";
import { EmptyState } from "@/components/empty-state";
import { Button } from "@/components/ui/button";

/** The status request itself failed: that is the finding, said plainly. */
export function ServiceUnreachable({ onRetry }: { onRetry: () => void }) {
  return (
    <EmptyState
      icon={CloudOff}
      title="The server did not answer"
      actions={<Button onClick={onRetry}>Try again</Button>}
    >
      <p>Either your connection is down or the Trigger Switch server is. This page keeps trying every 10 seconds.</p>
    </EmptyState>
  );
}

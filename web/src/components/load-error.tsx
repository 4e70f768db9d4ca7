import { CloudOff } from "lucide-react";
import { EmptyState } from "./empty-state";
import { Button } from "./ui/button";

/** A query that failed: say what did not load and offer to try again (nothing is shown as if empty). */
export function LoadError({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <EmptyState
      icon={CloudOff}
      title={`Your ${what} could not be loaded`}
      actions={<Button onClick={onRetry}>Try again</Button>}
    >
      <p>Check your connection and try again. Nothing has been changed.</p>
    </EmptyState>
  );
}

import { CloudOff, LinkIcon, Unlink } from "lucide-react";
import { EmptyState } from "@/components/empty-state";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { isApiError } from "@/lib/api-client";

/** A contact's page opened without its `?token=`: nothing to look up, and nothing sent to the server. */
export function ContactLinkIncomplete() {
  return (
    <EmptyState icon={Unlink} title="This link is incomplete" headingLevel={1}>
      <p>
        The address is missing the part that says which invitation or question it is. Open the link again from the
        message you were sent; if you copied it, check that you copied all of it.
      </p>
    </EmptyState>
  );
}

/**
 * An unknown, forged or cut-short link (the server's one 404): it reveals nothing, not even whose
 * link it was.
 */
export function ContactLinkInvalid() {
  return (
    <EmptyState icon={LinkIcon} title="This link is not valid" headingLevel={1}>
      <p>
        It may be mistyped or cut short, or the account it belonged to was deleted. Check that you opened the whole
        link, exactly as it was in the message you were sent.
      </p>
    </EmptyState>
  );
}

/** A lookup that failed (no connection, too many requests): say so and offer to try again. Nothing has changed. */
export function ContactLookupError({
  error,
  onRetry,
  retrying,
}: {
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
}) {
  // The server's 429 sentence is written for people; anything else is most likely the connection.
  const why = isApiError(error) && error.status === 429 ? error.message : "Check your connection and try again.";
  return (
    <EmptyState
      icon={CloudOff}
      title="This page could not be loaded"
      headingLevel={1}
      actions={
        <Button type="button" onClick={onRetry} disabled={retrying}>
          {retrying && <Spinner className="text-primary-foreground" />}
          Try again
        </Button>
      }
    >
      <p>{why} Nothing has been changed.</p>
    </EmptyState>
  );
}

import { LinkIcon } from "lucide-react";
import { Link } from "react-router";
import { EmptyState } from "@/components/empty-state";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";

/**
 * Unknown, used and expired links look the same and reveal nothing (not even whose link it was):
 * reminder mails get forwarded, and a guessed token must learn nothing.
 */
export function CheckInLinkInvalid({ signedIn }: { signedIn: boolean }) {
  return (
    <EmptyState
      icon={LinkIcon}
      title="This check-in link cannot be used"
      headingLevel={1}
      actions={
        <Button asChild>
          <Link to={signedIn ? paths.dashboard : paths.login}>
            {signedIn ? "Go to your dashboard" : "Sign in to check in"}
          </Link>
        </Button>
      }
    >
      <p>It is not valid, has already been used, or has expired. Each link in a reminder works once.</p>
      <p>
        {signedIn
          ? "You are signed in: use Check In Now at the top of the page to reset your timers."
          : "Sign in and use Check In Now to reset your timers. The app's check-in always works."}
      </p>
    </EmptyState>
  );
}

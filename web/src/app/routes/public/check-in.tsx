import { CalendarCheck } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { EmptyState } from "@/components/empty-state";
import { PageContainer } from "@/components/layout/page";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { CheckInLinkPanel } from "@/features/check-in-link/components/check-in-link-panel";
import { useAuth } from "@/lib/auth/auth-context";

/** Spec §2 'check-in': where a reminder's link lands (`?token=`), and an explanation without one. */
export default function CheckInPage() {
  const { user } = useAuth();
  const [params] = useSearchParams();
  const token = params.get("token")?.trim();
  return (
    <PageContainer className="max-w-2xl py-16">
      {token ? (
        <CheckInLinkPanel token={token} signedIn={user !== null} />
      ) : (
        <CheckInExplainer signedIn={user !== null} />
      )}
    </PageContainer>
  );
}

function CheckInExplainer({ signedIn }: { signedIn: boolean }) {
  return (
    <EmptyState
      icon={CalendarCheck}
      title="Check in"
      headingLevel={1}
      actions={
        <Button asChild>
          <Link to={signedIn ? paths.dashboard : paths.login}>{signedIn ? "Go to your dashboard" : "Sign in"}</Link>
        </Button>
      }
    >
      <p>
        Checking in tells Trigger Switch you are fine and restarts your timers, so your messages stay unsent. Each
        reminder e-mail has a check-in link that opens this page with a button to confirm; opening the link alone
        changes nothing, so a mail scanner can never check you in by accident.
      </p>
      <p>
        {signedIn
          ? "You are signed in: use Check In Now at the top of the page or on your dashboard."
          : "You must be logged in to perform a check-in. Signed in, you can check in at any time with Check In Now at the top of the page."}
      </p>
    </EmptyState>
  );
}

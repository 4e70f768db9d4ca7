import { CalendarCheck } from "lucide-react";
import { Link } from "react-router";
import { EmptyState } from "@/components/empty-state";
import { PageContainer } from "@/components/layout/page";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { useAuth } from "@/lib/auth/auth-context";

export default function CheckInPage() {
  const { user } = useAuth();
  return (
    <PageContainer className="py-16">
      <EmptyState
        icon={CalendarCheck}
        title="Check in"
        actions={
          user ? (
            <Button asChild>
              <Link to={paths.dashboard}>Go to your dashboard</Link>
            </Button>
          ) : (
            <Button asChild>
              <Link to={paths.login}>Sign in</Link>
            </Button>
          )
        }
      >
        <p>
          Checking in tells Trigger Switch you are fine and restarts your timers. The check-in links in reminder
          e-mails will open here, with a button to confirm, so that a mail scanner following the link can never check
          you in by accident.
        </p>
        <p>
          Signed-in users will be able to check in from the header of the app. Check-ins arrive together with trigger
          conditions, in an upcoming release.
        </p>
      </EmptyState>
    </PageContainer>
  );
}

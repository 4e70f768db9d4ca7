import { CircleCheckBig, HeartPulse } from "lucide-react";
import { Link } from "react-router";
import { EmptyState } from "@/components/empty-state";
import { LoadError } from "@/components/load-error";
import { PageSkeleton } from "@/components/page-skeleton";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { isApiError } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format-date-time";
import { browserTimeZone } from "@/lib/time-zone";
import { useCheckInWithLink } from "../../api/check-in-with-link";
import { useCheckInLink } from "../../api/get-check-in-link";
import { CheckInLinkInvalid } from "./check-in-link-invalid";
import { checkInStakes } from "./check-in-stakes";

/**
 * A reminder's check-in link: opening it only reads (mail scanners follow links); the button
 * checks in. Afterwards the new deadline is shown; a link that stopped working says only that.
 */
export function CheckInLinkPanel({ token, signedIn }: { token: string; signedIn: boolean }) {
  const link = useCheckInLink(token);
  const checkIn = useCheckInWithLink(token);
  const timeZone = browserTimeZone();

  if (link.isPending) return <PageSkeleton />;
  if (link.isError) return <LoadError what="check-in link" onRetry={() => void link.refetch()} />;
  if (link.data === null || (isApiError(checkIn.error) && checkIn.error.status === 404)) return <CheckInLinkInvalid signedIn={signedIn} />;

  if (checkIn.isSuccess) {
    const next = checkIn.data.next_deadline;
    return (
      <EmptyState
        icon={CircleCheckBig}
        title="You are checked in"
        headingLevel={1}
        actions={
          <Button asChild variant="outline">
            <Link to={signedIn ? paths.dashboard : paths.login}>{signedIn ? "Go to your dashboard" : "Sign in"}</Link>
          </Button>
        }
      >
        <p>Thank you. Your timers have been reset and nothing will be sent now.</p>
        <p className="text-base font-medium text-foreground">
          {next ? `Your next deadline is ${formatDateTime(new Date(next), timeZone)}.` : "No deadline is running at the moment."}
        </p>
      </EmptyState>
    );
  }

  return (
    <Card className="text-center">
      <CardHeader className="items-center">
        <span className="mx-auto mb-2 inline-flex size-12 items-center justify-center rounded-full bg-secondary text-primary">
          <HeartPulse className="size-6" aria-hidden="true" />
        </span>
        <h1 className="text-2xl font-semibold tracking-tight">Are you OK?</h1>
        <CardDescription className="text-base text-foreground">{checkInStakes(link.data, new Date(), timeZone)}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col items-center gap-3">
        <Button type="button" size="lg" variant="success" className="h-14 w-full max-w-sm text-lg" disabled={checkIn.isPending} onClick={() => checkIn.mutate()}>
          {checkIn.isPending ? <Spinner /> : <CircleCheckBig aria-hidden="true" />}
          I'm OK — check in now
        </Button>
        <p className="max-w-prose text-sm text-muted-foreground">This resets all your check-in timers. The link works once.</p>
      </CardContent>
    </Card>
  );
}

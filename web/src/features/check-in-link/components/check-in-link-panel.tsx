import { cancelledDatedSentence } from "@trigger-switch/contracts";
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
import { useCheckInWithLink } from "../api/check-in-with-link";
import { useCheckInLink } from "../api/get-check-in-link";
import { CheckInLinkInvalid } from "./check-in-link-invalid";

/**
 * A reminder's check-in link: opening it only reads (mail scanners follow links); the button
 * checks in. The link names nobody and no deadline, before or after (whoever holds a forwarded
 * mail learns nothing; docs/decisions/011): the owner sees their deadlines once signed in.
 */
export function CheckInLinkPanel({ token, signedIn }: { token: string; signedIn: boolean }) {
  const link = useCheckInLink(token);
  const checkIn = useCheckInWithLink(token);

  if (link.isPending) return <PageSkeleton />;
  if (link.isError) return <LoadError what="check-in link" onRetry={() => void link.refetch()} />;
  if (link.data === null || (isApiError(checkIn.error) && checkIn.error.status === 404))
    return <CheckInLinkInvalid signedIn={signedIn} />;

  if (checkIn.isSuccess) {
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
        {checkIn.data.cancelled > 0 && (
          <p className="font-medium text-foreground">{cancelledDatedSentence(checkIn.data.cancelled)}</p>
        )}
        <p className="text-base font-medium text-foreground">
          {signedIn
            ? "Your dashboard shows when your next check-in is due."
            : "Sign in to see when your next check-in is due."}
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
        <CardDescription className="text-base text-foreground">
          This link is from your Trigger Switch reminder. If you are OK, confirm it below: your check-in timers restart
          and nothing is sent now.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col items-center gap-3">
        <Button
          type="button"
          size="lg"
          variant="success"
          className="h-14 w-full max-w-sm text-lg"
          disabled={checkIn.isPending}
          onClick={() => checkIn.mutate()}
        >
          {checkIn.isPending ? <Spinner /> : <CircleCheckBig aria-hidden="true" />}
          I'm OK — check in now
        </Button>
        <p className="max-w-prose text-sm text-muted-foreground">
          This resets all your check-in timers, and cancels any message set to go out on a date unless you check in. The
          link works once.
        </p>
      </CardContent>
    </Card>
  );
}

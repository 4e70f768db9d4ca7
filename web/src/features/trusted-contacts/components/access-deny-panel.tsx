import type { AccessDenyView } from "@trigger-switch/contracts";
import { Ban, CircleCheckBig, LinkIcon, Send, ShieldAlert, Undo2, Unlink } from "lucide-react";
import { Link } from "react-router";
import { EmptyState } from "@/components/empty-state";
import { PageSkeleton } from "@/components/page-skeleton";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { useNow } from "@/hooks/use-now";
import { formatWhen } from "@/lib/format-date-time";
import { browserTimeZone } from "@/lib/time-zone";
import { useAccessDeny, useDenyByLink } from "../api/access-deny";
import { isUnknownLink } from "../api/contact-link-errors";
import { ContactLookupError } from "./contact-link-states";

/**
 * The owner's one-tap Deny link from their alert (`/access-request/deny?token=`, docs/decisions/041):
 * who asked for what, and when it goes unless denied. Opening it changes nothing (mail scanners
 * follow links); the one button denies, with no second question: it only ever stops a release.
 */
export function AccessDenyPanel({ token }: { token: string }) {
  const view = useAccessDeny(token);
  const deny = useDenyByLink(token);
  const now = useNow(30_000);

  if (view.isPending) return <PageSkeleton />;
  if (view.isError)
    return <ContactLookupError error={view.error} onRetry={() => void view.refetch()} retrying={view.isFetching} />;
  if (view.data === null || isUnknownLink(deny.error)) return <DenyLinkNotFound />;

  const v = view.data;
  const when = (iso: string) => formatWhen(new Date(iso), now, browserTimeZone());
  const titles = v.message_titles.map((t) => `“${t}”`).join(", ");
  switch (v.state) {
    case "waiting":
      return (
        <Card>
          <CardHeader className="items-center text-center">
            <span className="mx-auto mb-2 inline-flex size-12 items-center justify-center rounded-full bg-warning/15 text-warning">
              <ShieldAlert className="size-6" aria-hidden="true" />
            </span>
            <h1 className="text-2xl font-semibold tracking-tight text-balance [overflow-wrap:anywhere]">
              {v.contact_name} asked for access to: {titles}
            </h1>
            <CardDescription className="text-base text-foreground">
              Asked {when(v.requested_at)}.{" "}
              {Date.parse(v.grants_at) > now.getTime()
                ? `Unless you deny it, ${itOrThey(v)} sent to ${v.contact_name} alone on ${when(v.grants_at)}.`
                : `The waiting period ended ${when(v.grants_at)}: unless you deny it now, ${itOrThey(v)} about to be sent to ${v.contact_name} alone.`}
            </CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-3">
            <Button
              type="button"
              size="lg"
              variant="destructive"
              className="h-auto min-h-14 py-3 text-lg"
              disabled={deny.isPending}
              onClick={() => deny.mutate()}
            >
              {deny.isPending ? <Spinner className="text-destructive-foreground" /> : <Ban aria-hidden="true" />}
              Deny
            </Button>
            <p className="text-center text-sm text-muted-foreground">
              If you are all right, deny it: {v.contact_name} is told you said no, and nothing is sent. Opening this
              page changed nothing.
            </p>
          </CardContent>
        </Card>
      );
    case "denied":
      return deny.data ? (
        <EmptyState icon={CircleCheckBig} title="Request denied" headingLevel={1}>
          <p role="status" className="font-medium text-foreground">
            Denied. {v.contact_name} has been told. Nothing was sent.
          </p>
        </EmptyState>
      ) : (
        <EmptyState icon={CircleCheckBig} title="This request was denied" headingLevel={1}>
          <p>
            {v.contact_name}'s request for {titles} was denied, so nothing was sent to them. There is nothing more to do
            here.
          </p>
        </EmptyState>
      );
    case "granted":
      return (
        <EmptyState
          icon={Send}
          title="It has already been sent"
          headingLevel={1}
          actions={
            <Button asChild>
              <Link to={paths.trustedContacts}>Open your Trusted contacts page</Link>
            </Button>
          }
        >
          <p className="[overflow-wrap:anywhere]">
            Nobody denied {v.contact_name}'s request within the waiting period, so {titles}{" "}
            {v.message_titles.length === 1 ? "was" : "were"} sent to them on {when(v.grants_at)}.
          </p>
          <p>
            You can revoke their access from your Trusted contacts page. They may already have read it; revoking stops
            their link from opening it again.
          </p>
        </EmptyState>
      );
    case "withdrawn":
      return (
        <EmptyState icon={Undo2} title={`${v.contact_name} withdrew this request`} headingLevel={1}>
          <p>Nothing was sent to them, and there is nothing to deny.</p>
        </EmptyState>
      );
  }
}

function itOrThey(v: AccessDenyView): string {
  return v.message_titles.length === 1 ? "it is" : "they are";
}

/** The page opened without its `?token=`: nothing to look up, and nothing sent to the server. */
export function DenyLinkIncomplete() {
  return (
    <EmptyState icon={Unlink} title="This link is incomplete" headingLevel={1}>
      <p>
        The address is missing the part that says which request it is. Open the Deny link again from the e-mail you were
        sent; if you copied it, check that you copied all of it. You can also deny a request from your dashboard once
        signed in.
      </p>
    </EmptyState>
  );
}

/** An unknown, forged or cut-short Deny link (the server's 404): it reveals nothing. */
function DenyLinkNotFound() {
  return (
    <EmptyState
      icon={LinkIcon}
      title="This Deny link was not found"
      headingLevel={1}
      actions={
        <Button asChild variant="outline">
          <Link to={paths.dashboard}>Open your dashboard</Link>
        </Button>
      }
    >
      <p>
        It may be mistyped or cut short. Check that you opened the whole link, exactly as it was in the e-mail. Once
        signed in, you can also deny a request from your dashboard or your Trusted contacts page.
      </p>
    </EmptyState>
  );
}

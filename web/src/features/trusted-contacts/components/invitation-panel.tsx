import type { ContactInvitation } from "@trigger-switch/contracts";
import { CalendarX, CircleCheckBig, HeartHandshake, UserCheck, UserX } from "lucide-react";
import { EmptyState } from "@/components/empty-state";
import { PageSkeleton } from "@/components/page-skeleton";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { useNow } from "@/hooks/use-now";
import { formatWhen } from "@/lib/format-date-time";
import { browserTimeZone } from "@/lib/time-zone";
import { isUnknownLink } from "../api/contact-link-errors";
import { useAnswerInvitation, useInvitation, type InvitationAnswer } from "../api/invitation";
import { atStart, SENT_BY } from "../utils/contact-words";
import { ContactLinkInvalid, ContactLookupError } from "./contact-link-states";
import { PageLinkToKeep } from "./page-link-to-keep";
import { WhatItMeans } from "./what-it-means";

/**
 * An invitation's link (`/contact/invitation?token=`): opening it only reads (mail scanners follow
 * links); Accept or Decline answers. Accepting shows the contact's own page link, once.
 */
export function InvitationPanel({ token }: { token: string }) {
  const invitation = useInvitation(token);
  const answer = useAnswerInvitation(token);

  if (invitation.isPending) return <PageSkeleton />;
  if (invitation.isError)
    return (
      <ContactLookupError
        error={invitation.error}
        onRetry={() => void invitation.refetch()}
        retrying={invitation.isFetching}
      />
    );
  if (invitation.data === null || isUnknownLink(answer.error)) return <ContactLinkInvalid />;

  // The answer's own copy first: only it carries the page token, once.
  const shown = answer.data ?? invitation.data;
  if (shown.status === "open")
    return (
      <OpenInvitation
        invitation={shown}
        answering={answer.isPending ? answer.variables : null}
        onAnswer={(value) => answer.mutate(value)}
      />
    );
  return <AnsweredInvitation invitation={shown} />;
}

function OpenInvitation({
  invitation,
  answering,
  onAnswer,
}: {
  invitation: ContactInvitation;
  answering: InvitationAnswer | null;
  onAnswer: (answer: InvitationAnswer) => void;
}) {
  const now = useNow(30_000);
  const name = invitation.owner_first_name;
  return (
    <Card>
      <CardHeader className="items-center text-center">
        <span className="mx-auto mb-2 inline-flex size-12 items-center justify-center rounded-full bg-secondary text-primary">
          <HeartHandshake className="size-6" aria-hidden="true" />
        </span>
        <h1 className="text-2xl font-semibold tracking-tight text-balance">
          {atStart(name)} asked you to be a trusted contact
        </h1>
        <CardDescription className="text-base text-foreground">
          {atStart(name)} uses Trigger Switch to keep messages for their family and friends. This is what being their
          trusted contact means:
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <WhatItMeans name={name} stepDown="You can step down at any time, from your own page." />
        {invitation.expires_at && (
          <p className="text-sm text-muted-foreground">
            This invitation works until {formatWhen(new Date(invitation.expires_at), now, browserTimeZone())}.
          </p>
        )}
        <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
          <Button
            type="button"
            size="lg"
            className="h-12 sm:min-w-40"
            disabled={answering !== null}
            onClick={() => onAnswer("accept")}
          >
            {answering === "accept" ? (
              <Spinner className="text-primary-foreground" />
            ) : (
              <UserCheck aria-hidden="true" />
            )}
            Accept
          </Button>
          <Button
            type="button"
            size="lg"
            variant="outline"
            className="h-12 sm:min-w-40"
            disabled={answering !== null}
            onClick={() => onAnswer("decline")}
          >
            {answering === "decline" ? <Spinner /> : <UserX aria-hidden="true" />}
            Decline
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

/** Every status but `open`: one clear sentence, no buttons. */
function AnsweredInvitation({ invitation }: { invitation: ContactInvitation }) {
  const name = invitation.owner_first_name;
  switch (invitation.status) {
    case "accepted":
      return invitation.page_token ? (
        <EmptyState icon={CircleCheckBig} title={`You are now a trusted contact of ${name}`} headingLevel={1}>
          <p>Thank you for accepting.</p>
          <PageLinkToKeep pageToken={invitation.page_token} channel={invitation.channel} />
        </EmptyState>
      ) : (
        <EmptyState icon={UserCheck} title="You have already accepted this invitation" headingLevel={1}>
          <p>
            You are a trusted contact of {name}. The link to your own page was{" "}
            {`${SENT_BY[invitation.channel].toYou} when you accepted:`}{" "}
            {invitation.channel === "email"
              ? `look for the e-mail titled “You are ${name}'s trusted contact: the link to your page”.`
              : `look in ${SENT_BY[invitation.channel].look} for the message that begins “Trigger Switch: thank you for accepting”.`}
          </p>
        </EmptyState>
      );
    case "declined":
      return (
        <EmptyState icon={UserX} title="You declined this invitation" headingLevel={1}>
          <p>You are not a trusted contact of {name}. There is nothing more you need to do.</p>
        </EmptyState>
      );
    case "expired":
      return (
        <EmptyState icon={CalendarX} title="This invitation has expired" headingLevel={1}>
          <p>
            It was not answered in time, so it can no longer be accepted. If you would like to be a trusted contact of{" "}
            {name}, ask {name} to invite you again.
          </p>
        </EmptyState>
      );
    case "ended":
      return (
        <EmptyState icon={UserX} title="This invitation has ended" headingLevel={1}>
          <p>You are no longer a trusted contact of {name}.</p>
        </EmptyState>
      );
    case "open":
      return null;
  }
}

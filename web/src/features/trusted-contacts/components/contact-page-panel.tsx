import type { ContactPage } from "@trigger-switch/contracts";
import { HeartHandshake, LogOut, MailQuestion, UserMinus, UserX } from "lucide-react";
import { EmptyState } from "@/components/empty-state";
import { PageSkeleton } from "@/components/page-skeleton";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { formatDateTime } from "@/lib/format-date-time";
import { browserTimeZone } from "@/lib/time-zone";
import { isUnknownLink } from "../api/contact-link-errors";
import { useContactPage, useLeaveAsContact } from "../api/contact-page";
import { atStart } from "../utils/contact-words";
import { ContactAccessSection } from "./contact-access-section";
import { ContactLinkInvalid, ContactLookupError } from "./contact-link-states";
import { ConfirmInPlace, useTwoTap } from "./two-tap-confirm";
import { WhatItMeans } from "./what-it-means";

/**
 * A trusted contact's own page (`/contact?token=`, the link shown once when they accepted): whose
 * contact they are, Step down, and Ask for access when the owner allows them to ask for a message.
 */
export function ContactPagePanel({ token }: { token: string }) {
  const page = useContactPage(token);
  const leave = useLeaveAsContact(token);

  if (page.isPending) return <PageSkeleton />;
  if (page.isError)
    return <ContactLookupError error={page.error} onRetry={() => void page.refetch()} retrying={page.isFetching} />;
  if (page.data === null || isUnknownLink(leave.error)) return <ContactLinkInvalid />;

  const shown = leave.data ?? page.data;
  const name = shown.owner_first_name;
  switch (shown.state) {
    case "active":
      return (
        <div className="flex flex-col gap-6">
          <ActiveContact page={shown} leaving={leave.isPending} onLeave={() => leave.mutate()} />
          {shown.access.length > 0 && <ContactAccessSection page={shown} token={token} />}
        </div>
      );
    case "left":
      return (
        <EmptyState icon={LogOut} title="You stepped down" headingLevel={1}>
          <p>You are no longer a trusted contact of {name}, and you will not be asked about them.</p>
        </EmptyState>
      );
    case "removed":
      return (
        <EmptyState icon={UserMinus} title={`You are no longer a trusted contact of ${name}`} headingLevel={1}>
          <p>You will not be asked about them.</p>
        </EmptyState>
      );
    case "declined":
      return (
        <EmptyState icon={UserX} title="You declined the invitation" headingLevel={1}>
          <p>You are not a trusted contact of {name}.</p>
        </EmptyState>
      );
    case "invited":
      return (
        <EmptyState icon={MailQuestion} title="You have not accepted the invitation yet" headingLevel={1}>
          <p>
            {atStart(name)} asked you to be a trusted contact. To answer, open the invitation link from the message you
            were sent.
          </p>
        </EmptyState>
      );
  }
}

function ActiveContact({ page, leaving, onLeave }: { page: ContactPage; leaving: boolean; onLeave: () => void }) {
  const name = page.owner_first_name;
  const { confirming, ask, back, questionRef, buttonRef } = useTwoTap();

  return (
    <Card>
      <CardHeader className="items-center text-center">
        <span className="mx-auto mb-2 inline-flex size-12 items-center justify-center rounded-full bg-secondary text-primary">
          <HeartHandshake className="size-6" aria-hidden="true" />
        </span>
        <h1 className="text-2xl font-semibold tracking-tight text-balance">You are a trusted contact of {name}</h1>
        {page.since && (
          <CardDescription className="text-base">
            Since {formatDateTime(new Date(page.since), browserTimeZone())}, when you accepted.
          </CardDescription>
        )}
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <WhatItMeans name={name} stepDown="You can step down at any time, here." mayAsk={page.access.length > 0} />
        <p className="text-sm text-muted-foreground">
          {page.access.length > 0
            ? "Keep this page's address: it is your link to ask for access or to step down."
            : "Keep this page's address: it is your link to step down."}
        </p>
        {confirming ? (
          <ConfirmInPlace
            destructive
            question={`Step down as a trusted contact of ${name}?`}
            description={`You will no longer be asked about ${name}. You cannot undo this yourself.`}
            questionRef={questionRef}
          >
            <div className="flex flex-col gap-2 sm:flex-row">
              <Button type="button" variant="destructive" disabled={leaving} onClick={onLeave}>
                {leaving ? <Spinner className="text-destructive-foreground" /> : <LogOut aria-hidden="true" />}
                Yes, step down
              </Button>
              <Button type="button" variant="outline" disabled={leaving} onClick={back}>
                No, stay their contact
              </Button>
            </div>
          </ConfirmInPlace>
        ) : (
          <Button ref={buttonRef} type="button" variant="outline" className="self-center" onClick={ask}>
            <LogOut aria-hidden="true" />
            Step down
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

import { BellRing, ListChecks, PenLine, Users } from "lucide-react";
import { useDeferredValue } from "react";
import { Link } from "react-router";
import { PageContainer, PageHeader } from "@/components/layout/page";
import { LoadError } from "@/components/load-error";
import { PageSkeleton } from "@/components/page-skeleton";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { paths } from "@/config/paths";
import { CheckInCard } from "@/features/dashboard/components/check-in-card";
import { CountsRow } from "@/features/dashboard/components/counts-row";
import { InstallCard } from "@/features/dashboard/components/install-card";
import { NextDeadlineCard } from "@/features/dashboard/components/next-deadline-card";
import { RecentActivity } from "@/features/dashboard/components/recent-activity";
import { useMessages } from "@/features/messages/api/get-messages";
import { NewMessageButton } from "@/features/messages/components/new-message-button";
import { useRecipients } from "@/features/recipients/api/get-recipients";
import { useRecentReleases } from "@/features/releases/api/get-recent-releases";
import { AccessRequestBanner } from "@/features/trusted-contacts/components/access-request-banner";
import { ContactsAskedBanner } from "@/features/trusted-contacts/components/contacts-asked-banner";
import { useAuth } from "@/lib/auth/auth-context";
import { useOwnerTimeZone } from "@/hooks/use-owner-time-zone";

export default function DashboardPage() {
  const { profile } = useAuth();
  const messages = useMessages();
  const recipients = useRecipients();
  const releases = useRecentReleases();
  // Answers reach React as urgent updates (the query cache is an external store), which it would
  // render in one long task each; shown from deferred copies, the page renders in slices.
  const messageList = useDeferredValue(messages.data);
  const recipientList = useDeferredValue(recipients.data);
  const releaseList = useDeferredValue(releases.data);
  const name = profile?.first_name?.trim();
  const timeZone = useOwnerTimeZone();
  const title = name ? `Welcome, ${name}` : "Welcome";
  if (messageList === undefined && !messages.isError) return <PageSkeleton />;
  return (
    <PageContainer>
      <PageHeader
        title={title}
        description="What goes out next and when, and whether anything needs your attention."
        actions={messageList && messageList.length > 0 ? <NewMessageButton /> : undefined}
      />
      <AccessRequestBanner timeZone={timeZone} />
      <ContactsAskedBanner timeZone={timeZone} />
      {messages.isError || messageList === undefined ? (
        <LoadError what="messages" onRetry={() => void messages.refetch()} />
      ) : messageList.length === 0 ? (
        <div className="flex flex-col gap-6">
          <GettingStarted hasRecipients={(recipientList?.length ?? 0) > 0} />
          <InstallCard />
        </div>
      ) : (
        <div className="flex flex-col gap-6">
          <CountsRow messages={messageList} recipientCount={recipientList?.length ?? null} />
          <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
            <div className="flex flex-col gap-6">
              <NextDeadlineCard messages={messageList} releases={releaseList} timeZone={timeZone} />
              <CheckInCard messages={messageList} timeZone={timeZone} />
              {/* After the check-in, so it never stands between the owner and the button. */}
              <InstallCard />
            </div>
            <RecentActivity messages={messageList} releases={releaseList} timeZone={timeZone} />
          </div>
        </div>
      )}
    </PageContainer>
  );
}

const steps = [
  { icon: Users, title: "Add recipients", text: "The people who should receive a message, and how to reach them." },
  { icon: PenLine, title: "Write a message", text: "Say what they need to know. Attach documents if it helps." },
  { icon: BellRing, title: "Choose a trigger", text: "Check-in deadlines, a date, or the emergency button." },
];

/** A new user's dashboard: nothing can be sent on their behalf yet, and here is how to start. */
function GettingStarted({ hasRecipients }: { hasRecipients: boolean }) {
  return (
    <Card>
      <CardHeader>
        <span className="mb-2 inline-flex size-10 items-center justify-center rounded-full bg-secondary text-primary">
          <ListChecks className="size-5" aria-hidden="true" />
        </span>
        <CardTitle>No messages yet</CardTitle>
        <CardDescription>
          A message goes out to the people you choose when one of its conditions is met. You have none, so nothing will
          be sent on your behalf.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <ol className="grid gap-4 sm:grid-cols-3">
          {steps.map(({ icon: Icon, title, text }, index) => (
            <li key={title} className="flex flex-col gap-2 rounded-lg border bg-background p-4">
              <span className="flex items-center gap-2 font-medium">
                <Icon className="size-4 text-primary" aria-hidden="true" />
                {index + 1}. {title}
              </span>
              <span className="text-sm text-muted-foreground">{text}</span>
            </li>
          ))}
        </ol>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant={hasRecipients ? "outline" : "default"}>
            <Link to={paths.recipients}>{hasRecipients ? "Your recipients" : "Add your first recipient"}</Link>
          </Button>
          <Button asChild variant={hasRecipients ? "default" : "outline"}>
            <Link to={paths.createMessage}>Write a message</Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

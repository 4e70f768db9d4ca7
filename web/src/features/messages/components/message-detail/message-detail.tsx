import type { Message } from "@trigger-switch/contracts";
import { Activity, CircleAlert } from "lucide-react";
import { Link } from "react-router";
import type { ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { DeliveryReceipts } from "@/features/channels";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { paths } from "@/config/paths";
import { useNow } from "@/hooks/use-now";
import { ConditionCard, MessageTimeline } from "@/features/conditions";
import { MessageReleases } from "@/features/releases";
import { SealedBadge } from "@/features/sealing";
import { AccessPermissionsSection } from "@/features/trusted-contacts";
import { useOwnerTimeZone } from "@/hooks/use-owner-time-zone";
import { messageState } from "../../utils/message-state";
import { MessageStateBadge } from "../message-state-badge";
import { MessageBody } from "./message-body";
import { MessageRecipients } from "./message-recipients";

export interface MessageDetailProps {
  message: Message;
  /** Edit and Delete, composed by the page. */
  actions: ReactNode;
}

/** /message/:id: its state and what happens next, the content, who gets it, and its conditions. */
export function MessageDetail({ message, actions }: MessageDetailProps) {
  const now = useNow(15_000);
  const timeZone = useOwnerTimeZone();
  const state = messageState(message, now, timeZone);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 flex-col gap-2">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-semibold tracking-tight break-words sm:text-3xl">{message.title}</h1>
            <MessageStateBadge state={state} />
            {message.sealed && <SealedBadge />}
          </div>
          <p className="text-muted-foreground">{state.sentence}</p>
        </div>
        <div className="flex shrink-0 gap-2">{actions}</div>
      </div>

      {/* A delivered, withdrawn or cancelled message says so above; "needs attention" would read as a fault. */}
      {message.problems.length > 0 && !["delivered", "withdrawn", "cancelled"].includes(state.kind) && (
        <Alert variant="warning" role="status">
          <CircleAlert aria-hidden="true" />
          <div className="flex flex-col gap-1">
            <p className="font-semibold">This message needs attention before it can reach everyone</p>
            <ul className="list-inside list-disc text-muted-foreground">
              {message.problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          </div>
        </Alert>
      )}

      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <div className="flex min-w-0 flex-col gap-6">
          <Section title="Message">
            <MessageBody message={message} />
          </Section>
          <Section title="Conditions">
            {message.conditions.length === 0 ? (
              <p className="text-sm text-muted-foreground">None yet. Edit the message to choose what sends it.</p>
            ) : (
              <ul aria-label="Conditions" className="flex flex-col gap-2">
                {message.conditions.map((condition) => (
                  <ConditionCard
                    key={condition.id}
                    condition={condition}
                    now={now}
                    timeZone={timeZone}
                    recipientNames={message.recipients.map((r) => r.name)}
                  />
                ))}
              </ul>
            )}
          </Section>
          <AccessPermissionsSection messageId={message.id} />
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <Section title="Upcoming">
            <MessageTimeline conditions={message.conditions} now={now} timeZone={timeZone} />
            <Link
              to={paths.diagnosticMessage(message.id)}
              className="mt-4 inline-flex items-center gap-1.5 text-sm font-medium text-primary hover:underline"
            >
              <Activity className="size-4" aria-hidden="true" />
              Diagnostics: every reminder and delivery attempt
            </Link>
          </Section>
          <MessageReleases messageId={message.id} timeZone={timeZone} />
          <DeliveryReceipts messageId={message.id} timeZone={timeZone} />
          <Section title="Recipients">
            <MessageRecipients recipients={message.recipients} />
          </Section>
        </div>
      </div>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="h-fit">
      <CardHeader className="pb-3">
        <CardTitle className="text-lg">{title}</CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

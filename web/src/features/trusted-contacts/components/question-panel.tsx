import type { ContactAnswerResult, ContactQuestion } from "@trigger-switch/contracts";
import {
  CircleAlert,
  CircleCheckBig,
  Clock,
  MessageCircleQuestion,
  Send,
  ShieldCheck,
  UserX,
  type LucideIcon,
} from "lucide-react";
import { EmptyState } from "@/components/empty-state";
import { PageSkeleton } from "@/components/page-skeleton";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { useNow } from "@/hooks/use-now";
import { formatWhen } from "@/lib/format-date-time";
import { browserTimeZone } from "@/lib/time-zone";
import { isUnknownLink } from "../api/contact-link-errors";
import { useAnswerQuestion, useQuestion, type QuestionAnswer } from "../api/question";
import {
  ANSWER_LABELS,
  atStart,
  closedQuestionWords,
  releaseCountSentence,
  yourAnswerSentence,
} from "../utils/contact-words";
import { ContactLinkInvalid, ContactLookupError } from "./contact-link-states";
import { AnswerButtons } from "./answer-buttons";

/**
 * A question's link (`/contact/question?token=`): "Have you been in touch with {first name} since
 * {since}?". Opening it only reads (mail scanners follow links); only the buttons answer, and
 * "release", which may send at once, asks a second time first.
 */
export function QuestionPanel({ token }: { token: string }) {
  const question = useQuestion(token);
  const answer = useAnswerQuestion(token);
  const now = useNow(30_000);

  if (question.isPending) return <PageSkeleton />;
  if (question.isError)
    return (
      <ContactLookupError
        error={question.error}
        onRetry={() => void question.refetch()}
        retrying={question.isFetching}
      />
    );
  if (question.data === null || isUnknownLink(answer.error)) return <ContactLinkInvalid />;
  if (answer.data) return <AnswerOutcome result={answer.data} now={now} />;

  const q = question.data;
  if (q.status !== "open") return <ClosedQuestion question={q} status={q.status} />;
  return (
    <OpenQuestion
      question={q}
      now={now}
      answering={answer.isPending ? answer.variables : null}
      onAnswer={(value) => answer.mutate(value)}
      checking={question.isFetching}
      onCheckAgain={() => void question.refetch()}
    />
  );
}

function when(iso: string, now: Date): string {
  return formatWhen(new Date(iso), now, browserTimeZone());
}

/** An open question with too few "release" answers yet: it goes out at the window's end at the latest, unless held or checked in. */
function noLaterThanSentence(q: ContactQuestion, now: Date): string {
  return `Unless a trusted contact answers “They're OK” or ${q.owner_first_name} checks in, it is sent no later than ${when(q.ends_at, now)}.`;
}

function OpenQuestion({
  question: q,
  now,
  answering,
  onAnswer,
  checking,
  onCheckAgain,
}: {
  question: ContactQuestion;
  now: Date;
  answering: QuestionAnswer | null;
  onAnswer: (answer: QuestionAnswer) => void;
  checking: boolean;
  onCheckAgain: () => void;
}) {
  const name = q.owner_first_name;
  const since = when(q.since, now);
  // At or after the window's end an answer is too late to hold (docs/decisions/041): no buttons.
  const over = Date.parse(q.ends_at) <= now.getTime();
  return (
    <Card>
      <CardHeader className="items-center text-center">
        <span className="mx-auto mb-2 inline-flex size-12 items-center justify-center rounded-full bg-secondary text-primary">
          <MessageCircleQuestion className="size-6" aria-hidden="true" />
        </span>
        <h1 className="text-2xl font-semibold tracking-tight text-balance">
          Have you been in touch with {name} since {since}?
        </h1>
        <CardDescription className="text-base text-foreground">
          {atStart(name)} has not checked in since then. Before what they prepared for their family and friends is sent,
          you are asked, as their trusted contact, whether they are all right.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {q.your_answer ? (
          <div role="status" className="flex flex-col gap-2 text-center text-sm">
            <p className="font-medium">{yourAnswerSentence(q.your_answer)} It is recorded.</p>
            {q.your_answer === "release" && <p>{releaseCountSentence(q)}</p>}
            <p className="text-muted-foreground">{noLaterThanSentence(q, now)}</p>
          </div>
        ) : over ? (
          <div className="flex flex-col items-center gap-3 text-center text-sm">
            <p className="font-medium">The time to answer ended on {when(q.ends_at, now)}.</p>
            <Button type="button" variant="outline" onClick={onCheckAgain} disabled={checking}>
              {checking && <Spinner />}
              Look again
            </Button>
          </div>
        ) : (
          <>
            <AnswerButtons question={q} answering={answering} onAnswer={onAnswer} />
            <div className="flex flex-col gap-1 text-center text-sm text-muted-foreground">
              <p className="font-medium text-foreground">
                If nobody answers by {when(q.ends_at, now)}, what {name} prepared is sent then.
              </p>
              <p>If {name} checks in before then, this question closes and nothing is sent.</p>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}

const CLOSED_ICONS: Record<Exclude<ContactQuestion["status"], "open">, LucideIcon> = {
  held: ShieldCheck,
  released: Send,
  closed_by_check_in: CircleCheckBig,
  superseded: Clock,
  removed: UserX,
};

/** A question closed before this visit: how it closed, in one sentence, with this contact's answer if they gave one. */
function ClosedQuestion({
  question: q,
  status,
  lead,
}: {
  question: ContactQuestion;
  status: Exclude<ContactQuestion["status"], "open">;
  /** What became of an answer just given, before how the question stands. */
  lead?: string;
}) {
  const words = closedQuestionWords(status, q.owner_first_name);
  return (
    <EmptyState icon={CLOSED_ICONS[status]} title={words.title} headingLevel={1}>
      {lead && <p className="font-medium text-foreground">{lead}</p>}
      <p>{words.sentence}</p>
      {q.your_answer && <p>{yourAnswerSentence(q.your_answer)}</p>}
    </EmptyState>
  );
}

/** What the server made of the answer just given (`ContactAnswerResult`), and how the question now stands. */
function AnswerOutcome({ result, now }: { result: ContactAnswerResult; now: Date }) {
  const q = result.question;
  const name = q.owner_first_name;

  if (result.outcome === "recorded" && q.status === "held")
    return (
      <EmptyState icon={ShieldCheck} title="Thank you" headingLevel={1}>
        <p className="font-medium text-foreground">Nothing is sent for now; {name} has been told.</p>
        {q.your_answer && <p>{yourAnswerSentence(q.your_answer)}</p>}
      </EmptyState>
    );
  if (result.outcome === "recorded" && q.status === "released")
    return (
      <EmptyState icon={Send} title="It has been sent" headingLevel={1}>
        <p className="font-medium text-foreground">Your answer was recorded, and what {name} prepared has been sent.</p>
        {q.your_answer && <p>{yourAnswerSentence(q.your_answer)}</p>}
      </EmptyState>
    );

  const lead =
    result.outcome === "recorded"
      ? "Your answer is recorded."
      : result.outcome === "already_recorded"
        ? "You had already given this answer; it counts once."
        : result.outcome === "conflicting"
          ? q.your_answer
            ? `You already answered “${ANSWER_LABELS[q.your_answer]}”; your first answer counts.`
            : "You already gave a different answer; your first answer counts."
          : "Your answer was not recorded.";
  if (q.status !== "open") return <ClosedQuestion question={q} status={q.status} lead={lead} />;
  if (result.outcome === "refused")
    return (
      <EmptyState icon={CircleAlert} title="Your answer was not recorded" headingLevel={1}>
        <p>Nothing was changed.</p>
      </EmptyState>
    );
  return (
    <EmptyState icon={CircleCheckBig} title={OPEN_OUTCOME_TITLES[result.outcome]} headingLevel={1}>
      <p className="font-medium text-foreground">
        {lead}
        {q.your_answer === "release" && ` ${releaseCountSentence(q)}`}
      </p>
      <p>{noLaterThanSentence(q, now)}</p>
      {q.your_answer && <p>{yourAnswerSentence(q.your_answer)}</p>}
    </EmptyState>
  );
}

const OPEN_OUTCOME_TITLES = {
  recorded: "Your answer is recorded",
  already_recorded: "Your answer was already recorded",
  conflicting: "You already answered",
} as const;

import type { ContactQuestion } from "@trigger-switch/contracts";
import { HeartHandshake, PhoneOff, Send } from "lucide-react";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import type { QuestionAnswer } from "../api/question";
import { ANSWER_LABELS, releasesAtOnce } from "../utils/contact-words";
import { ConfirmInPlace, useTwoTap } from "./two-tap-confirm";

/** The two answers, side by side from 640 px, stacked below; "release" asks again in place before it is sent. */
export function AnswerButtons({
  question: q,
  answering,
  onAnswer,
}: {
  question: ContactQuestion;
  answering: QuestionAnswer | null;
  onAnswer: (answer: QuestionAnswer) => void;
}) {
  const name = q.owner_first_name;
  const ids = useId();
  // The first tap replaces the button with the question; focus follows, and returns on "No, go back".
  const { confirming, ask, back, questionRef, buttonRef } = useTwoTap();

  const atOnce = releasesAtOnce(q);
  const busy = answering !== null;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="flex flex-col gap-2">
        <Button
          type="button"
          size="lg"
          variant="success"
          className="h-auto min-h-14 py-3 text-base whitespace-normal"
          aria-describedby={`${ids}-hold`}
          disabled={busy}
          onClick={() => onAnswer("hold")}
        >
          {answering === "hold" ? (
            <Spinner className="text-success-foreground" />
          ) : (
            <HeartHandshake aria-hidden="true" />
          )}
          {ANSWER_LABELS.hold}
        </Button>
        <p id={`${ids}-hold`} className="text-sm text-muted-foreground">
          Nothing is sent for now, and {name} is told that you said they are OK.
        </p>
      </div>
      {confirming ? (
        <ConfirmInPlace
          destructive
          question={atOnce ? "Send it now?" : "Record “I can't reach them”?"}
          description={`${
            atOnce
              ? `Your answer sends what ${name} prepared at once.`
              : `Your answer counts towards the ${q.release_answers_needed} needed to send what ${name} prepared at once; ${q.release_answers} answered so far.`
          } You cannot change your answer afterwards.`}
          questionRef={questionRef}
        >
          <div className="flex flex-col gap-2">
            <Button
              type="button"
              variant="destructive"
              className="h-auto min-h-11 py-2 whitespace-normal"
              disabled={busy}
              onClick={() => onAnswer("release")}
            >
              {answering === "release" ? (
                <Spinner className="text-destructive-foreground" />
              ) : (
                <Send aria-hidden="true" />
              )}
              {atOnce ? "Yes, send it now" : "Yes, record my answer"}
            </Button>
            <Button type="button" variant="outline" className="h-auto min-h-11 py-2" disabled={busy} onClick={back}>
              No, go back
            </Button>
          </div>
        </ConfirmInPlace>
      ) : (
        <div className="flex flex-col gap-2">
          <Button
            ref={buttonRef}
            type="button"
            size="lg"
            variant="destructive"
            className="h-auto min-h-14 py-3 text-base whitespace-normal"
            aria-describedby={`${ids}-release`}
            disabled={busy}
            onClick={ask}
          >
            <PhoneOff aria-hidden="true" />
            {ANSWER_LABELS.release}
          </Button>
          <p id={`${ids}-release`} className="text-sm text-muted-foreground">
            {atOnce
              ? `What ${name} prepared is sent at once. You are asked to confirm first.`
              : `What ${name} prepared is sent at once when ${q.release_answers_needed} trusted contacts have answered this; ${q.release_answers} have so far. You are asked to confirm first.`}
          </p>
        </div>
      )}
    </div>
  );
}

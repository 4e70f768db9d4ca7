import {
  ACCESS_REASON_MAX,
  contactAccessRequestBodySchema,
  type ContactAccessMessage,
  type ContactPage,
} from "@trigger-switch/contracts";
import { KeyRound, Undo2 } from "lucide-react";
import { useId, useState } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/textarea";
import { useNow } from "@/hooks/use-now";
import { formatWhen } from "@/lib/format-date-time";
import { browserTimeZone } from "@/lib/time-zone";
import { toast } from "@/lib/toast";
import { reasonRefusal, useRequestAccess, useWithdrawAccessRequests } from "../api/contact-access";
import {
  accessIntro,
  accessMessageLabel,
  askAgainSentence,
  askConfirmSentence,
  contactRequestSentence,
  COOLDOWN_WORDS,
} from "../utils/access-words";
import { atStart } from "../utils/contact-words";
import { listNames } from "../utils/owner-words";
import { TwoTapConfirm } from "./two-tap-confirm";

const reasonSchema = contactAccessRequestBodySchema.shape.reason;

/**
 * "Ask for access" on an active contact's own page (docs/decisions/041): the messages the owner lets
 * them ask for, by number only, each with its waiting period and its latest request in words; a
 * reason and Ask (asked twice), and Withdraw while a request waits. What may be asked is the
 * server's to say (`can_request`, `can_request_from`): the page only shows it.
 */
export function ContactAccessSection({ page, token }: { page: ContactPage; token: string }) {
  const now = useNow(30_000);
  const titleId = useId();
  const name = page.owner_first_name;
  const when = (iso: string) => formatWhen(new Date(iso), now, browserTimeZone());
  const askable = page.access.filter((m) => m.can_request);
  const waiting = page.access.filter((m) => m.request?.state === "waiting");
  const nextFrom = page.access
    .map((m) => m.can_request_from)
    .filter((at): at is string => at !== null)
    .sort((a, b) => Date.parse(a) - Date.parse(b))[0];
  const numbers = (list: typeof page.access) => listNames(list.map((m) => `Message ${m.number}`));

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId} className="flex items-center gap-2 text-lg">
          <KeyRound className="size-5 shrink-0 text-primary" aria-hidden="true" />
          Ask for access
        </CardTitle>
        <CardDescription className="text-base text-foreground">{accessIntro(name, page.access)}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <p className="text-sm text-muted-foreground">
          This page never shows what a message is about: you see it only if it is sent to you.
        </p>
        <ul aria-label="Messages you may ask for" className="flex flex-col gap-2">
          {page.access.map((m) => {
            const state = contactRequestSentence(m, name, when, page.channel);
            const again = askAgainSentence(m, when);
            return (
              <li key={m.number} className="flex flex-col gap-0.5 rounded-lg border bg-background p-3 text-sm">
                <span className="font-medium">{accessMessageLabel(m)}</span>
                {state && <span>{state}</span>}
                {again && <span className="text-muted-foreground">{again}</span>}
              </li>
            );
          })}
        </ul>
        {waiting.length > 0 && (
          <WithdrawRequest token={token} what={numbers(waiting)} key={waiting.map((m) => m.number).join()} />
        )}
        {askable.length > 0 ? (
          <AskForm
            token={token}
            name={name}
            askable={askable}
            subset={askable.length < page.access.length ? numbers(askable) : null}
            key={askable.map((m) => m.number).join()}
          />
        ) : (
          nextFrom && (
            <p className="text-sm font-medium">
              There is nothing you can ask for right now. You can ask again from {when(nextFrom)}.
            </p>
          )
        )}
      </CardContent>
    </Card>
  );
}

function AskForm({
  token,
  name,
  askable,
  subset,
}: {
  token: string;
  name: string;
  /** The messages asking now asks for, and which when not all of them (“Message 1 and Message 3”). */
  askable: ContactAccessMessage[];
  subset: string | null;
}) {
  const ask = useRequestAccess(token);
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const fieldError = problem ?? reasonRefusal(ask.error);
  const check = () => {
    const parsed = reasonSchema.safeParse(reason);
    setProblem(parsed.success ? null : (parsed.error.issues[0]?.message ?? "Say why you are asking"));
    return parsed.success;
  };
  return (
    <div className="flex flex-col gap-3">
      {subset && <p className="text-sm">Asking now asks for {subset}.</p>}
      <FormField
        label="Why are you asking?"
        hint={`${atStart(name)} reads this in the alert they get. Up to ${ACCESS_REASON_MAX} characters.`}
        error={fieldError ?? undefined}
      >
        <Textarea
          className="min-h-24"
          maxLength={ACCESS_REASON_MAX}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            if (problem) setProblem(null);
          }}
        />
      </FormField>
      <TwoTapConfirm
        label="Ask for access"
        icon={KeyRound}
        variant="default"
        onFirstTap={check}
        question="Ask for access now?"
        description={askConfirmSentence(name, askable)}
        yes="Yes, ask for access"
        no="No, go back"
        pending={ask.isPending}
        onConfirm={() =>
          ask.mutate(reason.trim(), {
            onSuccess: () =>
              toast.success("You asked for access", {
                description: `${atStart(name)} is told at once and can say no.`,
              }),
          })
        }
      />
    </div>
  );
}

function WithdrawRequest({ token, what }: { token: string; what: string }) {
  const withdraw = useWithdrawAccessRequests(token);
  return (
    <TwoTapConfirm
      label="Withdraw my request"
      icon={Undo2}
      question="Withdraw your request?"
      description={`This withdraws your request for ${what}: nothing is sent to you for it. You can ask again ${COOLDOWN_WORDS} after withdrawing.`}
      yes="Yes, withdraw it"
      no="No, keep my request"
      pending={withdraw.isPending}
      onConfirm={() =>
        withdraw.mutate(undefined, {
          onSuccess: () => toast.success("Request withdrawn", { description: "Nothing is sent to you for it." }),
        })
      }
    />
  );
}

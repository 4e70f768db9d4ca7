import { EmailAddress } from "@/components/email-address";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useServerMeta } from "../api/get-server-meta";
import { useResendConfirmation } from "../api/resend-confirmation";
import { MailboxHint } from "./mailbox-hint";
import { MailSentNote } from "./mail-sent-note";

/**
 * "Email not confirmed" at sign-in is not a dead end: send the confirmation link again. Only
 * someone who typed the right password sees this (decision 001), so it may name the address.
 * Every sentence is true for this server and this moment: what the server answered (sent, or
 * nothing within a minute of the last resend) and where its mail goes (GET /api/meta).
 */
export function ResendConfirmation({ email }: { email: string }) {
  const meta = useServerMeta();
  const { state, resend } = useResendConfirmation();

  const address = (
    <span className="font-medium">
      <EmailAddress email={email} />
    </span>
  );
  // No mail server and no local mailbox: no link can reach anyone, so none is offered.
  if (meta.data?.mail === "outbox" && !meta.data.mailbox) {
    return (
      <div role="status" className="rounded-md border border-warning/40 bg-warning/10 p-3 text-sm">
        <MailSentNote to={email} what="a confirmation link" />
      </div>
    );
  }
  if (state.kind === "sent") {
    return (
      <div role="status" className="flex flex-col gap-3 rounded-md border border-success/30 bg-success/10 p-3 text-sm">
        <MailSentNote to={email} what="a new confirmation link" />
        <p>The earlier link no longer works: use the newest one.</p>
        <MailboxHint />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-2 rounded-md border border-border bg-muted/40 p-3 text-sm">
      <p>Your account is waiting for you to confirm your e-mail address. Lost the e-mail, or the link expired?</p>
      {state.kind === "wait" ? (
        <p role="status">
          Nothing was sent: a new link for {address} was asked for less than a minute ago, and we send at most one a
          minute. You can ask again in {state.seconds} {state.seconds === 1 ? "second" : "seconds"}.
        </p>
      ) : (
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="self-start"
          disabled={state.kind === "sending"}
          onClick={() => void resend(email)}
        >
          {state.kind === "sending" && <Spinner />}
          Send the confirmation e-mail again
        </Button>
      )}
      {state.kind === "failed" && <p className="text-destructive">{state.message}</p>}
    </div>
  );
}

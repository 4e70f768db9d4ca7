import { TriangleAlert } from "lucide-react";
import { useState } from "react";
import { EmailAddress } from "@/components/email-address";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { useServerMeta } from "../api/get-server-meta";
import { useResendConfirmation } from "../api/resend-confirmation";
import { MailboxHint } from "./mailbox-hint";
import { MailSentNote } from "./mail-sent-note";

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * A confirmation link that was used already or is too old lands on sign-in with
 * `#error_code=otp_expired`. Says what happened and offers a new link (POST /auth/v1/resend,
 * type signup). The link does not say whose it was and this visitor proved nothing, so every
 * answer reads the same whether an account exists, is waiting or is confirmed already.
 */
export function ExpiredLinkNotice() {
  const meta = useServerMeta();
  const [email, setEmail] = useState("");
  const [invalid, setInvalid] = useState(false);
  const { state, resend } = useResendConfirmation();

  const send = async () => {
    const address = email.trim();
    if (!EMAIL_PATTERN.test(address)) return setInvalid(true);
    setInvalid(false);
    await resend(address);
  };

  // No mail server and no local mailbox: no new link could reach anyone, so none is offered.
  const noMail = meta.data?.mail === "outbox" && !meta.data.mailbox;
  return (
    <Alert variant="warning" role="alert">
      <TriangleAlert aria-hidden="true" />
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <p className="font-medium">This link has expired or was already used.</p>
        <p>
          Links in our e-mails work once, and only for a limited time. If you already confirmed your address with it,
          simply sign in below.
          {noMail
            ? " If not, a new link cannot be sent: this server has no mail server. Ask the person who runs it for help."
            : " If not, we can send you a new confirmation link."}
        </p>
        {noMail ? null : state.kind === "sent" ? (
          <div role="status" className="flex flex-col gap-2">
            <MailSentNote to={state.email} what="a new confirmation link" ifAccount />
            <p>
              Only an account still waiting for confirmation gets one; if yours is confirmed already, sign in instead.
            </p>
            <MailboxHint />
          </div>
        ) : (
          <form
            noValidate
            aria-label="Send a new confirmation link"
            className="flex flex-col gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              void send();
            }}
          >
            <FormField
              label="Your e-mail address"
              error={invalid ? "Enter the e-mail address you signed up with" : undefined}
            >
              <Input
                type="email"
                autoComplete="email"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
            </FormField>
            {state.kind === "wait" ? (
              <p role="status">
                Nothing was sent: a new link for{" "}
                <span className="font-medium">
                  <EmailAddress email={state.email} />
                </span>{" "}
                was asked for less than a minute ago, and we send at most one a minute. You can ask again in{" "}
                {state.seconds} {state.seconds === 1 ? "second" : "seconds"}.
              </p>
            ) : (
              <Button
                type="submit"
                variant="outline"
                size="sm"
                className="self-start"
                disabled={state.kind === "sending"}
              >
                {state.kind === "sending" && <Spinner />}
                Send a new confirmation link
              </Button>
            )}
            {state.kind === "failed" && <p className="text-destructive">{state.message}</p>}
          </form>
        )}
      </div>
    </Alert>
  );
}

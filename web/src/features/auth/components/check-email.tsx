import { MailCheck } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { MailboxHint } from "./mailbox-hint";
import { MailSentNote } from "./mail-sent-note";

/**
 * After sign-up without an immediate session. The same words whether the address was new (the
 * e-mail carries the confirmation link) or already had an account (the e-mail says how to sign
 * in), so the page tells no one which addresses have accounts and is true in both cases.
 */
export function CheckEmail({ email }: { email: string }) {
  return (
    <div role="status" className="flex flex-col gap-5">
      <div className="flex items-start gap-3">
        <MailCheck className="mt-0.5 size-6 shrink-0 text-primary" aria-hidden="true" />
        <div className="flex flex-col gap-2 text-sm">
          <MailSentNote to={email} what="your sign-up e-mail" />
          <p className="text-muted-foreground">
            For a new account it holds a link that activates it and signs you in; if this address already has an
            account, it says how to sign in.
          </p>
        </div>
      </div>
      <MailboxHint />
      <Button asChild variant="outline">
        <Link to={paths.login}>Go to sign in</Link>
      </Button>
    </div>
  );
}

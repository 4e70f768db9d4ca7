import { MailCheck } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { MailboxHint } from "./mailbox-hint";
import { MailSentNote } from "./mail-sent-note";

/** After sign-up without an immediate session: the account waits for its confirmation link. */
export function CheckEmail({ email }: { email: string }) {
  return (
    <div role="status" className="flex flex-col gap-5">
      <div className="flex items-start gap-3">
        <MailCheck className="mt-0.5 size-6 shrink-0 text-primary" aria-hidden="true" />
        <div className="flex flex-col gap-2 text-sm">
          <MailSentNote to={email} what="a confirmation link" />
          <p className="text-muted-foreground">Open it to activate your account; the link signs you in.</p>
        </div>
      </div>
      <MailboxHint />
      <Button asChild variant="outline">
        <Link to={paths.login}>Go to sign in</Link>
      </Button>
    </div>
  );
}

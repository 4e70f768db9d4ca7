import { MailCheck } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { EmailAddress } from "@/components/email-address";
import { paths } from "@/config/paths";
import { MailboxHint } from "./mailbox-hint";

/** After sign-up without an immediate session: the account waits for its confirmation link. */
export function CheckEmail({ email }: { email: string }) {
  return (
    <div role="status" className="flex flex-col gap-5">
      <div className="flex items-start gap-3">
        <MailCheck className="mt-0.5 size-6 shrink-0 text-primary" aria-hidden="true" />
        <div className="flex flex-col gap-2 text-sm">
          <p>
            We sent a confirmation link to <strong>
              <EmailAddress email={email} />
            </strong>.
          </p>
          <p className="text-muted-foreground">
            Open it to activate your account; the link signs you in. If nothing arrives within a few
            minutes, check your spam folder.
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

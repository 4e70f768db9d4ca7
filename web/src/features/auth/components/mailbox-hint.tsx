import { Inbox } from "lucide-react";
import { Alert } from "@/components/ui/alert";
import { paths } from "@/config/paths";
import { useServerMeta } from "../api/get-server-meta";

/**
 * Only on servers without a mail transport, which keep outgoing mail in a local mailbox. That
 * mailbox opens only with the key in the server's start-up log (docs/security.md), so the hint
 * speaks to whoever runs the server and tells everyone else whom to ask.
 */
export function MailboxHint() {
  const { data } = useServerMeta();
  if (!data?.mailbox) return null;
  return (
    <Alert variant="info">
      <Inbox aria-hidden="true" />
      <div className="space-y-1">
        <p>
          No mail server is configured: e-mails are kept in a local mailbox that only the person running this server can
          open.
        </p>
        <p>
          If that is you, open the mailbox address printed in the server&apos;s start-up log (it ends in{" "}
          <code>?key=…</code>); after that,{" "}
          <a href={paths.mailbox} target="_blank" rel="noreferrer" className="font-medium underline">
            /dev/mailbox
          </a>{" "}
          opens in this browser. If not, ask them to pass the e-mail on to you.
        </p>
      </div>
    </Alert>
  );
}

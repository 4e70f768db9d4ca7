import { Inbox } from "lucide-react";
import { Alert } from "@/components/ui/alert";
import { paths } from "@/config/paths";
import { useServerMeta } from "../api/get-server-meta";

/** Only on servers without a mail transport, which keep outgoing mail in a local mailbox. */
export function MailboxHint() {
  const { data } = useServerMeta();
  if (!data?.mailbox) return null;
  return (
    <Alert variant="info">
      <Inbox aria-hidden="true" />
      <p>
        No mail server is configured: open the local mailbox at{" "}
        <a href={paths.mailbox} target="_blank" rel="noreferrer" className="font-medium underline">
          /dev/mailbox
        </a>{" "}
        to find the confirmation e-mail.
      </p>
    </Alert>
  );
}

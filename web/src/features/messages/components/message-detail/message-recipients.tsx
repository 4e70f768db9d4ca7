import type { Message } from "@trigger-switch/contracts";
import { EmailAddress } from "@/components/email-address";

/** Who receives it and where; the address book itself lives on the recipients page. */
export function MessageRecipients({ recipients }: { recipients: Message["recipients"] }) {
  if (recipients.length === 0)
    return <p className="text-sm text-muted-foreground">Nobody yet. Edit the message to choose recipients.</p>;
  return (
    <ul aria-label="Recipients of this message" className="flex flex-col divide-y">
      {recipients.map((recipient) => (
        <li key={recipient.id} className="flex flex-col py-2 first:pt-0 last:pb-0">
          <span className="font-medium">{recipient.name}</span>
          <span className="text-sm text-muted-foreground">
            {recipient.email && <EmailAddress email={recipient.email} />}
            {recipient.email && recipient.phone && " · "}
            {recipient.phone}
          </span>
        </li>
      ))}
    </ul>
  );
}

import { CHANNEL_WORDS, type Recipient, type RecipientChannel } from "@trigger-switch/contracts";
import { Mail, MessageCircle, Phone } from "lucide-react";
import { EmailAddress } from "@/components/email-address";

/** "by e-mail, then WhatsApp": the channels in the order they are tried. */
export function channelsText(channels: RecipientChannel[]): string {
  if (channels.length === 0) return "no way to reach them yet";
  return `by ${channels.map((c) => CHANNEL_WORDS[c]).join(", then ")}`;
}

/** A recipient's addresses on one or two lines. */
export function RecipientContact({ recipient }: { recipient: Recipient }) {
  return (
    <span className="flex min-w-0 flex-col gap-0.5 text-sm text-muted-foreground">
      {recipient.email && (
        <span className="flex min-w-0 items-center gap-1.5">
          <Mail className="size-3.5 shrink-0" aria-hidden="true" />
          <span className="min-w-0">
            <EmailAddress email={recipient.email} />
          </span>
        </span>
      )}
      {recipient.phone && (
        <span className="flex items-center gap-1.5">
          {recipient.channels.includes("whatsapp") ? (
            <MessageCircle className="size-3.5 shrink-0" aria-hidden="true" />
          ) : (
            <Phone className="size-3.5 shrink-0" aria-hidden="true" />
          )}
          {recipient.phone}
        </span>
      )}
    </span>
  );
}

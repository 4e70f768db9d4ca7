import { CHANNEL_LABELS, type TrustedContact } from "@trigger-switch/contracts";
import { Mail, RotateCw, Smartphone, Trash2 } from "lucide-react";
import { EmailAddress } from "@/components/email-address";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { contactStateWords, invitationLapsed } from "../utils/owner-words";

export interface TrustedContactListProps {
  contacts: TrustedContact[];
  now: Date;
  timeZone: string;
  onRemove: (contact: TrustedContact) => void;
  /** Invites a lapsed invitation's address again (the server renews it). */
  onInviteAgain: (contact: TrustedContact) => void;
  /** The contact whose invitation is being sent again. */
  invitingAgain: string | null;
}

export function TrustedContactList({
  contacts,
  now,
  timeZone,
  onRemove,
  onInviteAgain,
  invitingAgain,
}: TrustedContactListProps) {
  return (
    <ul aria-label="Trusted contacts" className="grid gap-3 sm:grid-cols-2">
      {contacts.map((contact) => {
        const { badge, tone, sentence } = contactStateWords(contact, now, timeZone);
        return (
          <li key={contact.id} className="flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-sm">
            <div className="flex min-w-0 flex-col gap-1">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h2 className="min-w-0 truncate font-semibold">{contact.name}</h2>
                <Badge variant={tone}>{badge}</Badge>
              </div>
              <span className="flex min-w-0 items-center gap-1.5 text-sm text-muted-foreground">
                {contact.channel === "email" ? (
                  <>
                    <Mail className="size-3.5 shrink-0" aria-hidden="true" />
                    <span className="min-w-0">
                      <EmailAddress email={contact.address} />
                    </span>
                  </>
                ) : (
                  <>
                    <Smartphone className="size-3.5 shrink-0" aria-hidden="true" />
                    {/* The number alone does not say whether it is texted or on WhatsApp. */}
                    <span className="min-w-0">
                      {contact.address} · {CHANNEL_LABELS[contact.channel]}
                    </span>
                  </>
                )}
              </span>
              <p className="mt-1 text-sm">{sentence}</p>
            </div>
            <div className="mt-auto flex flex-wrap gap-2">
              {invitationLapsed(contact, now) && (
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  disabled={invitingAgain !== null}
                  onClick={() => onInviteAgain(contact)}
                  aria-label={`Invite ${contact.name} again`}
                >
                  {invitingAgain === contact.id ? <Spinner /> : <RotateCw aria-hidden="true" />}
                  Invite again
                </Button>
              )}
              <Button
                type="button"
                size="sm"
                variant="ghost"
                onClick={() => onRemove(contact)}
                aria-label={`Remove ${contact.name}`}
              >
                <Trash2 aria-hidden="true" />
                Remove
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

import { CHANNEL_LABELS, TRUSTED_CONTACTS_MAX, type TrustedContact } from "@trigger-switch/contracts";
import { HeartHandshake, UserPlus } from "lucide-react";
import { useState } from "react";
import { EmptyState } from "@/components/empty-state";
import { PageContainer, PageHeader } from "@/components/layout/page";
import { LoadError } from "@/components/load-error";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useNow } from "@/hooks/use-now";
import { useOwnerTimeZone } from "@/hooks/use-owner-time-zone";
import { useTrustedContacts, useInviteTrustedContact } from "@/features/trusted-contacts/api/trusted-contacts";
import { AccessRequestList } from "@/features/trusted-contacts/components/access-request-list";
import { HowContactsWork } from "@/features/trusted-contacts/components/how-contacts-work";
import { InviteContactDialog } from "@/features/trusted-contacts/components/invite-contact-dialog";
import { RemoveContactDialog } from "@/features/trusted-contacts/components/remove-contact-dialog";
import { TrustedContactList } from "@/features/trusted-contacts/components/trusted-contact-list";
import { isLive } from "@/features/trusted-contacts/utils/owner-words";
import { useServerMeta } from "@/features/auth/api/get-server-meta";
import { useAuth } from "@/lib/auth/auth-context";
import { toastError } from "@/lib/error-toast";
import { formatWhen } from "@/lib/format-date-time";
import { toast } from "@/lib/toast";

export default function TrustedContactsPage() {
  const contacts = useTrustedContacts();
  const { profile } = useAuth();
  // The guard lets no one in without a first name; it is all a contact is told of the owner.
  const firstName = profile?.first_name?.trim() || null;
  const timeZone = useOwnerTimeZone();
  const now = useNow(60_000);
  const [inviting, setInviting] = useState(false);
  const [removing, setRemoving] = useState<TrustedContact | null>(null);
  const again = useInviteTrustedContact();
  const [againId, setAgainId] = useState<string | null>(null);

  // Said only when true: a server without a mail server keeps its e-mails in a local mailbox.
  const meta = useServerMeta();
  const invited = (contact: TrustedContact) => {
    const until = formatWhen(new Date(contact.invitation_expires_at!), new Date(), timeZone);
    if (contact.channel === "email" && meta.data?.mail === "outbox")
      toast.warning("Invitation saved, not e-mailed", {
        description: `This server has no mail server configured, so the invitation cannot reach ${contact.address} until the person who runs it sets one up (SMTP_URL). It works until ${until}.`,
      });
    else
      toast.success("Invitation sent", {
        description: `It is on its way to ${contact.address}${contact.channel === "email" ? "" : ` by ${CHANNEL_LABELS[contact.channel]}`} and works until ${until}.`,
      });
  };
  // A lapsed invitation: inviting the same address on the same channel renews it (the server keeps the contact).
  const inviteAgain = (contact: TrustedContact) => {
    setAgainId(contact.id);
    again.mutate(
      { name: contact.name, channel: contact.channel, address: contact.address },
      { onSuccess: invited, onError: toastError, onSettled: () => setAgainId(null) },
    );
  };

  const live = contacts.data?.filter(isLive).length ?? 0;
  const full = live >= TRUSTED_CONTACTS_MAX;
  const inviteButton = (
    <Button onClick={() => setInviting(true)} disabled={full}>
      <UserPlus aria-hidden="true" />
      Invite a contact
    </Button>
  );
  return (
    <PageContainer>
      <PageHeader
        title="Trusted contacts"
        description="People you trust: asked whether you are all right before a message goes out because you stopped checking in, and able to ask for a message you allow them if something happens to you."
        actions={contacts.data && contacts.data.length > 0 ? inviteButton : undefined}
      />
      <AccessRequestList now={now} timeZone={timeZone} />
      {contacts.isPending ? (
        <div role="status" aria-label="Loading trusted contacts" className="grid gap-3 sm:grid-cols-2">
          <Skeleton className="h-36 rounded-xl" />
          <Skeleton className="h-36 rounded-xl" />
        </div>
      ) : contacts.isError ? (
        <LoadError what="trusted contacts" onRetry={() => void contacts.refetch()} />
      ) : contacts.data.length === 0 ? (
        <EmptyState icon={HeartHandshake} title="No trusted contacts yet" actions={inviteButton}>
          <p>
            A trusted contact is someone you name, such as a partner or a close friend, who can tell Trigger Switch
            whether you are all right.
          </p>
          <div className="mt-2 text-foreground">
            <HowContactsWork firstName={firstName} />
          </div>
        </EmptyState>
      ) : (
        <div className="flex flex-col gap-6">
          <TrustedContactList
            contacts={contacts.data}
            now={now}
            timeZone={timeZone}
            onRemove={setRemoving}
            onInviteAgain={inviteAgain}
            invitingAgain={againId}
          />
          <p className="text-sm text-muted-foreground">
            {full
              ? `You have ${TRUSTED_CONTACTS_MAX} trusted contacts invited or active, the most at once. Remove one to invite someone else.`
              : `${live} of at most ${TRUSTED_CONTACTS_MAX} invited or active. Contacts who declined or stepped down do not count.`}
          </p>
          <details className="rounded-xl border bg-card p-4 text-sm">
            <summary className="cursor-pointer font-medium">How trusted contacts work</summary>
            <div className="mt-3">
              <HowContactsWork firstName={firstName} />
            </div>
          </details>
        </div>
      )}
      <InviteContactDialog
        open={inviting}
        onOpenChange={setInviting}
        onInvited={(contact) => {
          invited(contact);
          setInviting(false);
        }}
      />
      <RemoveContactDialog contact={removing} onOpenChange={(open) => !open && setRemoving(null)} />
    </PageContainer>
  );
}

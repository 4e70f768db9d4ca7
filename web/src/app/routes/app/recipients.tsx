import type { Recipient } from "@trigger-switch/contracts";
import { UserPlus, Users } from "lucide-react";
import { useState } from "react";
import { EmptyState } from "@/components/empty-state";
import { PageContainer, PageHeader } from "@/components/layout/page";
import { LoadError } from "@/components/load-error";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useRecipients } from "@/features/recipients/api/get-recipients";
import { DeleteRecipientDialog } from "@/features/recipients/components/delete-recipient-dialog";
import { RecipientDialog } from "@/features/recipients/components/recipient-dialog";
import { RecipientList } from "@/features/recipients/components/recipient-list";

export default function RecipientsPage() {
  const recipients = useRecipients();
  // "new" opens the add dialog; a recipient opens it for editing.
  const [editing, setEditing] = useState<Recipient | "new" | null>(null);
  const [deleting, setDeleting] = useState<Recipient | null>(null);
  const addButton = (
    <Button onClick={() => setEditing("new")}>
      <UserPlus aria-hidden="true" />
      Add recipient
    </Button>
  );
  return (
    <PageContainer>
      <PageHeader
        title="Recipients"
        description="The people your messages go to, and how to reach them."
        actions={recipients.data && recipients.data.length > 0 ? addButton : undefined}
      />
      {recipients.isPending ? (
        <div role="status" aria-label="Loading recipients" className="grid gap-3 sm:grid-cols-2">
          <Skeleton className="h-36 rounded-xl" />
          <Skeleton className="h-36 rounded-xl" />
        </div>
      ) : recipients.isError ? (
        <LoadError what="recipients" onRetry={() => void recipients.refetch()} />
      ) : recipients.data.length === 0 ? (
        <EmptyState icon={Users} title="No recipients yet" actions={addButton}>
          <p>
            Add the people who should receive your messages: a partner, a friend, a colleague. Give an e-mail address, a
            phone number for WhatsApp or SMS, or both.
          </p>
          <p>They need no account and are told nothing until a message is sent to them.</p>
        </EmptyState>
      ) : (
        <RecipientList recipients={recipients.data} onEdit={setEditing} onDelete={setDeleting} />
      )}
      <RecipientDialog
        key={editing === null ? "closed" : editing === "new" ? "new" : editing.id}
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        recipient={editing === "new" || editing === null ? undefined : editing}
      />
      <DeleteRecipientDialog recipient={deleting} onOpenChange={(open) => !open && setDeleting(null)} />
    </PageContainer>
  );
}

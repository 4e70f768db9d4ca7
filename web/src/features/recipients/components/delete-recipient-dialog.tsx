import type { Recipient } from "@trigger-switch/contracts";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { toast } from "@/lib/toast";
import { useDeleteRecipient } from "../api/delete-recipient";

export interface DeleteRecipientDialogProps {
  recipient: Recipient | null;
  onOpenChange: (open: boolean) => void;
}

/** Confirms first: the person is taken off every message they would receive. */
export function DeleteRecipientDialog({ recipient, onOpenChange }: DeleteRecipientDialogProps) {
  const remove = useDeleteRecipient();
  const confirm = () => {
    if (!recipient) return;
    remove.mutate(recipient.id, {
      onSuccess: ({ removed_from_messages, disarmed_conditions }) => {
        const parts = [
          removed_from_messages.length > 0 &&
            `Removed from ${removed_from_messages.length === 1 ? `“${removed_from_messages[0]!.title}”` : `${removed_from_messages.length} messages`}.`,
          disarmed_conditions.length > 0 &&
            `${disarmed_conditions.length} condition${disarmed_conditions.length === 1 ? " was" : "s were"} switched off because nobody else was left on them.`,
        ].filter(Boolean);
        toast.success("Recipient deleted", { description: parts.join(" ") || recipient.name });
        onOpenChange(false);
      },
    });
  };
  return (
    <ConfirmDialog
      open={recipient !== null}
      onOpenChange={onOpenChange}
      title={`Delete ${recipient?.name ?? ""}?`}
      description="They will be taken off every message they would receive, and no message will reach them any more. This cannot be undone."
      confirmLabel="Delete recipient"
      pending={remove.isPending}
      onConfirm={confirm}
    />
  );
}

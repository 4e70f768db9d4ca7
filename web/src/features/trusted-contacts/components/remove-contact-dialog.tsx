import type { TrustedContact } from "@trigger-switch/contracts";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { toast } from "@/lib/toast";
import { useRemoveTrustedContact } from "../api/trusted-contacts";
import { isLive } from "../utils/owner-words";

export interface RemoveContactDialogProps {
  contact: TrustedContact | null;
  onOpenChange: (open: boolean) => void;
}

/** Confirms first, saying what removing does: their links stop working and no condition asks them any more. */
export function RemoveContactDialog({ contact, onOpenChange }: RemoveContactDialogProps) {
  const remove = useRemoveTrustedContact();
  const confirm = () => {
    if (!contact) return;
    remove.mutate(contact.id, {
      onSuccess: () => {
        toast.success("Trusted contact removed", {
          description: `${contact.name}'s links no longer work, and no condition asks them.`,
        });
        onOpenChange(false);
      },
    });
  };
  return (
    <ConfirmDialog
      open={contact !== null}
      onOpenChange={onOpenChange}
      title={`Remove ${contact?.name ?? ""}?`}
      description={
        contact && !isLive(contact)
          ? `${contact.name} ${contact.state === "declined" ? "declined" : "stepped down"}, so no condition asks them. Removing takes them off this list, and any link of theirs stops working.`
          : "Their links stop working, and conditions that asked them will no longer ask them. A condition that asked only them then goes out without asking anyone when its deadline comes, unless you choose someone else for it. To have them back, invite them again."
      }
      confirmLabel="Remove contact"
      pending={remove.isPending}
      onConfirm={confirm}
    />
  );
}

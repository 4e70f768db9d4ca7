import type { Recipient } from "@trigger-switch/contracts";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { toast } from "@/lib/toast";
import { RecipientForm } from "./recipient-form";

export interface RecipientDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Editing this recipient; adding a new one when absent. */
  recipient?: Recipient;
  onSaved?: (recipient: Recipient) => void;
}

/** Add or edit a recipient without leaving the page (the recipients page and the message editor). */
export function RecipientDialog({ open, onOpenChange, recipient, onSaved }: RecipientDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>{recipient ? `Edit ${recipient.name}` : "Add a recipient"}</DialogTitle>
        <DialogDescription>
          {recipient
            ? "Changes apply to every message this person receives."
            : "Someone who should receive a message. They need no account: they open it through a private link."}
        </DialogDescription>
        <RecipientForm
          recipient={recipient}
          onCancel={() => onOpenChange(false)}
          onSaved={(saved) => {
            toast.success(recipient ? "Recipient updated" : "Recipient added", { description: saved.name });
            onOpenChange(false);
            onSaved?.(saved);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

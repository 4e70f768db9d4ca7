import { Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useDeleteMessage } from "../../api/delete-message";

/** Delete, after saying what goes with it. Success is the caller's (toast, navigation). */
export function DeleteMessageDialog({ id, title, onDeleted }: { id: string; title: string; onDeleted: () => void }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteMessage();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button type="button" variant="outline" className="text-destructive hover:text-destructive">
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      }
      title={`Delete “${title}”?`}
      description="The message, its conditions and its attachments are deleted for good. Nobody will receive it. This cannot be undone."
      confirmLabel="Delete message"
      pending={remove.isPending}
      onConfirm={() =>
        remove.mutate(id, {
          onSuccess: () => {
            setOpen(false);
            onDeleted();
          },
        })
      }
    />
  );
}

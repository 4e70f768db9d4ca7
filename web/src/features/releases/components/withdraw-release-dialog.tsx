import { Undo2 } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { toast } from "@/lib/toast";
import { useCancelRelease } from "../api/cancel-release";

/** Withdraw a release during its unlock delay (a false alarm), after saying what it does. */
export function WithdrawReleaseDialog({
  messageId,
  releaseId,
  recipientCount,
  opensAt,
}: {
  messageId: string;
  releaseId: string;
  recipientCount: number;
  opensAt: string;
}) {
  const [open, setOpen] = useState(false);
  const cancel = useCancelRelease(messageId);
  const people = recipientCount === 1 ? "the recipient's link" : `all ${recipientCount} recipients' links`;
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button type="button" variant="outline" size="sm">
          <Undo2 aria-hidden="true" />
          Withdraw
        </Button>
      }
      title="Withdraw this release?"
      description={`The message has not opened yet (it opens ${opensAt}). Withdrawing stops ${people} from working, so nobody will be able to read it. A link already sent to them will simply not open. This cannot be undone.`}
      cancelLabel="Keep it"
      confirmLabel="Withdraw release"
      pending={cancel.isPending}
      onConfirm={() =>
        cancel.mutate(releaseId, {
          onSuccess: () => {
            setOpen(false);
            toast.success("Release withdrawn", { description: "The links no longer open the message." });
          },
          onError: () => setOpen(false),
        })
      }
    />
  );
}

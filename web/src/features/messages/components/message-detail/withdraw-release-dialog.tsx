import { Undo2 } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { useCancelRelease } from "../../api/cancel-release";

/** Withdraw a release during its unlock delay (a false alarm), after saying what it does. */
export function WithdrawReleaseDialog({ messageId, releaseId, recipientCount, opensAt }: { messageId: string; releaseId: string; recipientCount: number; opensAt: string }) {
  const [open, setOpen] = useState(false);
  const cancel = useCancelRelease(messageId);
  const people = recipientCount === 1 ? "the recipient's link" : `all ${recipientCount} recipients' links`;
  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <AlertDialogTrigger asChild>
        <Button type="button" variant="outline" size="sm">
          <Undo2 aria-hidden="true" />
          Withdraw
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogTitle>Withdraw this release?</AlertDialogTitle>
        <AlertDialogDescription>
          The message has not opened yet (it opens {opensAt}). Withdrawing stops {people} from working, so nobody will be
          able to read it. They already received an e-mail saying a message is waiting; it will simply not open. This
          cannot be undone.
        </AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel>Keep it</AlertDialogCancel>
          <AlertDialogAction
            disabled={cancel.isPending}
            onClick={(event) => {
              // Stay open until the server has answered.
              event.preventDefault();
              cancel.mutate(releaseId, {
                onSuccess: () => {
                  setOpen(false);
                  toast.success("Release withdrawn", { description: "The links no longer open the message." });
                },
                onError: () => setOpen(false),
              });
            }}
          >
            Withdraw release
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

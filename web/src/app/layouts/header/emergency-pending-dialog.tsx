import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";

/**
 * The Emergency button is shown as the spec says, but sending the panic message arrives with the
 * emergency issue. Until then a press says so plainly, with what to do in real danger, instead of
 * pretending an alert went out (docs/decisions/004-workspace-web.md).
 */
export function EmergencyPendingDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>The Emergency button is not connected yet</DialogTitle>
        <DialogDescription>
          In this version pressing it cannot send your emergency message. It arrives in an upcoming release. Your other
          conditions work as shown on each message.
        </DialogDescription>
        <p className="font-semibold text-destructive">If you are in danger now, call your local emergency number.</p>
        <div className="flex justify-end">
          <DialogClose asChild>
            <Button variant="outline">Close</Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}

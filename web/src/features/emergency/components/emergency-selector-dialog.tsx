import { SELECTOR_LIST_MAX_HEIGHT } from "@trigger-switch/contracts";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { cn } from "@/lib/utils";
import type { PanicMessage } from "../utils/panic-messages";

export interface EmergencySelectorDialogProps {
  messages: PanicMessage[];
  chosenId: string | null;
  onChoose: (messageId: string) => void;
  /** Cancel, Escape, the close button and a click outside all return the button to idle. */
  onCancel: () => void;
  onTrigger: () => void;
}

/** Spec §2 "Emergency message selector dialog": pick one panic message, then Trigger Emergency. */
export function EmergencySelectorDialog({
  messages,
  chosenId,
  onChoose,
  onCancel,
  onTrigger,
}: EmergencySelectorDialogProps) {
  return (
    <Dialog open onOpenChange={(open) => !open && onCancel()}>
      <DialogContent>
        <DialogTitle>Select Emergency Message</DialogTitle>
        <DialogDescription>Choose which emergency message to send immediately to all recipients.</DialogDescription>
        <div
          role="radiogroup"
          aria-label="Emergency messages"
          className="-mx-1 space-y-2 overflow-y-auto px-1 py-1"
          style={{ maxHeight: SELECTOR_LIST_MAX_HEIGHT }}
        >
          {messages.map((message) => {
            const chosen = message.id === chosenId;
            return (
              <label
                key={message.id}
                className={cn(
                  "flex cursor-pointer gap-3 rounded-lg border p-3 has-focus-visible:outline-2 has-focus-visible:outline-ring",
                  chosen ? "border-destructive bg-destructive/5" : "hover:bg-accent",
                )}
              >
                <input
                  type="radio"
                  name="emergency-message"
                  value={message.id}
                  checked={chosen}
                  onChange={() => onChoose(message.id)}
                  className="mt-1 accent-destructive"
                />
                <span className="min-w-0 space-y-1">
                  <span className="block font-medium">{message.title}</span>
                  {message.preview && (
                    <span className="line-clamp-2 block text-sm text-muted-foreground">{message.preview}</span>
                  )}
                  {message.recipientCount !== null && (
                    <span className="block text-xs text-muted-foreground">Recipients: {message.recipientCount}</span>
                  )}
                </span>
              </label>
            );
          })}
        </div>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="button" variant="destructive" disabled={!chosenId} onClick={onTrigger}>
            Trigger Emergency
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

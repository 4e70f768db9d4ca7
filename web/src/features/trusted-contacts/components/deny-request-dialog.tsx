import type { OwnerAccessRequest } from "@trigger-switch/contracts";
import { Ban } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { toast } from "@/lib/toast";
import { useDenyAccessRequest } from "../api/access-requests";
import { COOLDOWN_WORDS } from "../utils/access-words";

/** Deny a waiting request for access, after one question: the contact is told, and nothing is sent. */
export function DenyRequestDialog({ request }: { request: OwnerAccessRequest }) {
  const [open, setOpen] = useState(false);
  const deny = useDenyAccessRequest();
  const who = request.contact_name;
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button type="button" variant="destructive" size="sm" aria-label={`Deny ${who}'s request`}>
          <Ban aria-hidden="true" />
          Deny
        </Button>
      }
      title={`Deny ${who}'s request?`}
      description={`“${request.message_title}” is not sent to ${who}, and they are told you said no. They can ask for it again in ${COOLDOWN_WORDS}, unless you take them off the message's “Trusted contacts who may ask for this message”.`}
      cancelLabel="Keep waiting"
      confirmLabel="Deny request"
      pending={deny.isPending}
      onConfirm={() =>
        deny.mutate(request.id, {
          onSuccess: () => {
            setOpen(false);
            toast.success("Request denied", { description: `${who} has been told. Nothing was sent.` });
          },
          onError: () => setOpen(false),
        })
      }
    />
  );
}

import type { OwnerAccessRequest } from "@trigger-switch/contracts";
import { Undo2 } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { toast } from "@/lib/toast";
import { useRevokeAccess } from "../api/access-requests";

/** Revoke an access granted on request, saying truthfully what it cannot undo: what was read is read. */
export function RevokeAccessDialog({ request }: { request: OwnerAccessRequest }) {
  const [open, setOpen] = useState(false);
  const revoke = useRevokeAccess();
  const who = request.contact_name;
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button type="button" variant="outline" size="sm" aria-label={`Revoke access for ${who}`}>
          <Undo2 aria-hidden="true" />
          Revoke access
        </Button>
      }
      title={`Revoke ${who}'s access to “${request.message_title}”?`}
      description="They may already have read it; revoking stops their link from opening it again."
      cancelLabel="Keep their access"
      confirmLabel="Revoke access"
      pending={revoke.isPending}
      onConfirm={() =>
        revoke.mutate(request.id, {
          onSuccess: () => {
            setOpen(false);
            toast.success("Access revoked", {
              description: `${who}'s link no longer opens “${request.message_title}”.`,
            });
          },
          onError: () => setOpen(false),
        })
      }
    />
  );
}

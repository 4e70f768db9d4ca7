import type { Recipient } from "@trigger-switch/contracts";
import { Pencil, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { channelsText, RecipientContact } from "./recipient-contact";

export interface RecipientListProps {
  recipients: Recipient[];
  onEdit: (recipient: Recipient) => void;
  onDelete: (recipient: Recipient) => void;
}

export function RecipientList({ recipients, onEdit, onDelete }: RecipientListProps) {
  return (
    <ul aria-label="Recipients" className="grid gap-3 sm:grid-cols-2">
      {recipients.map((recipient) => (
        <li key={recipient.id} className="flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-sm">
          <div className="flex min-w-0 flex-col gap-1">
            <h2 className="truncate font-semibold">{recipient.name}</h2>
            <RecipientContact recipient={recipient} />
            <p className="text-xs text-muted-foreground">Reached {channelsText(recipient.channels)}</p>
            {recipient.note && <p className="mt-1 text-sm whitespace-pre-wrap">{recipient.note}</p>}
          </div>
          <div className="mt-auto flex gap-2">
            <Button
              type="button"
              size="sm"
              variant="outline"
              onClick={() => onEdit(recipient)}
              aria-label={`Edit ${recipient.name}`}
            >
              <Pencil aria-hidden="true" />
              Edit
            </Button>
            <Button
              type="button"
              size="sm"
              variant="ghost"
              onClick={() => onDelete(recipient)}
              aria-label={`Delete ${recipient.name}`}
            >
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}

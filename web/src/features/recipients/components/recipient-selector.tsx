import { UserPlus } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";
import { useRecipients } from "../api/get-recipients";
import { RecipientContact } from "./recipient-contact";
import { RecipientDialog } from "./recipient-dialog";

export interface RecipientSelectorProps {
  /** Chosen recipient ids. */
  value: string[];
  onChange: (ids: string[]) => void;
  error?: string;
}

/** Tick who receives the message; someone new can be added (and is ticked) without leaving the form. */
export function RecipientSelector({ value, onChange, error }: RecipientSelectorProps) {
  const recipients = useRecipients();
  const [adding, setAdding] = useState(false);
  const errorId = useId();
  const toggle = (id: string) => onChange(value.includes(id) ? value.filter((v) => v !== id) : [...value, id]);

  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={error ? errorId : undefined}>
      <legend className="sr-only">Recipients</legend>
      {recipients.isPending ? (
        <div role="status" aria-label="Loading recipients" className="flex flex-col gap-2">
          <Skeleton className="h-14" />
          <Skeleton className="h-14" />
        </div>
      ) : recipients.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Your recipients could not be loaded. Reload the page to try again.
        </p>
      ) : recipients.data.length === 0 ? (
        <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
          You have no recipients yet. Add the first person who should receive this message.
        </p>
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2">
          {recipients.data.map((recipient) => {
            const checked = value.includes(recipient.id);
            return (
              <li key={recipient.id}>
                <label
                  className={cn(
                    "flex cursor-pointer items-start gap-3 rounded-lg border bg-card p-3 transition-colors hover:bg-accent",
                    checked && "border-primary bg-secondary/60",
                  )}
                >
                  <input
                    type="checkbox"
                    className="mt-1 size-4 accent-primary"
                    checked={checked}
                    onChange={() => toggle(recipient.id)}
                  />
                  <span className="flex min-w-0 flex-col">
                    <span className="font-medium">{recipient.name}</span>
                    <RecipientContact recipient={recipient} />
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
      <div>
        <Button type="button" variant="outline" size="sm" onClick={() => setAdding(true)}>
          <UserPlus aria-hidden="true" />
          Add recipient
        </Button>
      </div>
      <RecipientDialog open={adding} onOpenChange={setAdding} onSaved={(saved) => onChange([...value, saved.id])} />
    </fieldset>
  );
}

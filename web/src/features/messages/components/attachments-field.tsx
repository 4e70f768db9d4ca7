import { ATTACHMENT_MAX_BYTES_DEFAULT, ATTACHMENT_TYPES, ATTACHMENT_TYPES_TEXT, ATTACHMENTS_PER_MESSAGE_MAX, type Attachment } from "@trigger-switch/contracts";
import { Paperclip, X } from "lucide-react";
import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { fileSize } from "./file-size";

export interface PendingFile {
  key: string;
  file: File;
}

export interface AttachmentsFieldProps {
  /** Already saved and not marked for removal. */
  existing: Attachment[];
  onRemoveExisting: (id: string) => void;
  pending: PendingFile[];
  onChangePending: (files: PendingFile[]) => void;
  /** Server messages by pending file key. */
  errors?: Record<string, string>;
}

let counter = 0;

/** Checked here too (size, count, declared type) so nobody waits for an upload that must fail. */
function problemWith(file: File): string | null {
  if (file.size > ATTACHMENT_MAX_BYTES_DEFAULT) return `${file.name} is larger than ${fileSize(ATTACHMENT_MAX_BYTES_DEFAULT)}.`;
  // An empty type (the browser does not know it) is left to the server, which reads the bytes.
  if (file.type && !(ATTACHMENT_TYPES as readonly string[]).includes(file.type)) return `${file.name} is not a type that can be attached.`;
  return null;
}

/** Files go up when the message is saved; removing a saved one also happens on save. */
export function AttachmentsField({ existing, onRemoveExisting, pending, onChangePending, errors = {} }: AttachmentsFieldProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const room = ATTACHMENTS_PER_MESSAGE_MAX - existing.length - pending.length;

  const add = (files: FileList | null) => {
    // Copied before the input is reset: the FileList is live and empties with it.
    const chosen = Array.from(files ?? []);
    if (inputRef.current) inputRef.current.value = "";
    const problems = chosen.map(problemWith).filter(Boolean);
    const fine = chosen.filter((file) => !problemWith(file)).slice(0, Math.max(0, room));
    if (chosen.length - problems.length > room) problems.push(`A message can have at most ${ATTACHMENTS_PER_MESSAGE_MAX} attachments.`);
    setProblem(problems.join(" ") || null);
    onChangePending([...pending, ...fine.map((file) => ({ key: `file-${(counter += 1)}`, file }))]);
  };

  return (
    <div className="flex flex-col gap-3">
      {(existing.length > 0 || pending.length > 0) && (
        <ul aria-label="Attachments" className="flex flex-col gap-2">
          {existing.map((attachment) => (
            <Row key={attachment.id} name={attachment.file_name} size={attachment.size_bytes} onRemove={() => onRemoveExisting(attachment.id)} />
          ))}
          {pending.map(({ key, file }) => (
            <Row key={key} name={file.name} size={file.size} note="Uploads when you save" error={errors[key]} onRemove={() => onChangePending(pending.filter((p) => p.key !== key))} />
          ))}
        </ul>
      )}
      <input ref={inputRef} type="file" multiple aria-label="Attach files" className="sr-only" tabIndex={-1} onChange={(event) => add(event.target.files)} />
      {problem && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {problem}
        </p>
      )}
      <div>
        <Button type="button" variant="outline" size="sm" disabled={room <= 0} onClick={() => inputRef.current?.click()}>
          <Paperclip aria-hidden="true" />
          Attach files
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">
        Up to {ATTACHMENTS_PER_MESSAGE_MAX} files of at most {fileSize(ATTACHMENT_MAX_BYTES_DEFAULT)} each: {ATTACHMENT_TYPES_TEXT}. Stored encrypted.
      </p>
    </div>
  );
}

function Row({ name, size, note, error, onRemove }: { name: string; size: number; note?: string; error?: string; onRemove: () => void }) {
  return (
    <li className="flex flex-col gap-1 rounded-lg border bg-card px-3 py-2">
      <div className="flex items-center gap-3">
        <Paperclip className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="truncate text-sm font-medium">{name}</span>
          <span className="text-xs text-muted-foreground">
            {fileSize(size)}
            {note && ` · ${note}`}
          </span>
        </span>
        <Button type="button" variant="ghost" size="icon" className="size-8" aria-label={`Remove ${name}`} onClick={onRemove}>
          <X aria-hidden="true" />
        </Button>
      </div>
      {error && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </li>
  );
}

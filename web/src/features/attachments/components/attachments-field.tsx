import {
  ATTACHMENT_MAX_BYTES_DEFAULT,
  ATTACHMENT_TYPES,
  ATTACHMENT_TYPES_TEXT,
  ATTACHMENTS_PER_MESSAGE_MAX,
  attachmentCountSentence,
  attachmentSizeSentence,
  megabytes,
  type Attachment,
  type PlanAttachmentRules,
} from "@trigger-switch/contracts";
import { ArrowDown, ArrowUp, Paperclip, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { fileSize } from "@/lib/file-size";

export interface PendingFile {
  key: string;
  file: File;
}

export interface AttachmentsFieldProps {
  /** Already saved and not marked for removal. */
  existing: Attachment[];
  onRemoveExisting: (id: string) => void;
  /** The saved files in a new order, which the save sends. */
  onReorderExisting: (attachments: Attachment[]) => void;
  pending: PendingFile[];
  onChangePending: (files: PendingFile[]) => void;
  /** Server messages by pending file key. */
  errors?: Record<string, string>;
  /**
   * The plan's count and size (docs/decisions/018): a file over them is refused here, at once, in the
   * server's words. Unknown (loading, failed): the product's own limits, and the server checks.
   */
  plan?: PlanAttachmentRules;
}

let counter = 0;

/** Checked here too (size, count, declared type) so nobody waits for an upload that must fail. */
function problemWith(file: File, plan: PlanAttachmentRules | undefined): string | null {
  if (plan && file.size > plan.maxBytes)
    return `${file.name}: ${attachmentSizeSentence(plan.ctx, { maxBytes: plan.maxBytes, plusMaxBytes: plan.plusMaxBytes, size: file.size })}`;
  if (file.size > ATTACHMENT_MAX_BYTES_DEFAULT)
    return `${file.name} is larger than ${fileSize(ATTACHMENT_MAX_BYTES_DEFAULT)}.`;
  // An empty type (the browser does not know it) is left to the server, which reads the bytes.
  if (file.type && !(ATTACHMENT_TYPES as readonly string[]).includes(file.type))
    return `${file.name} is not a type that can be attached.`;
  return null;
}

/** The list with the item at `index` swapped with its neighbour `by` (-1 up, 1 down). */
function moved<T>(items: T[], index: number, by: -1 | 1): T[] {
  const next = [...items];
  [next[index], next[index + by]] = [next[index + by]!, next[index]!];
  return next;
}

/**
 * Files go up when the message is saved; removing or reordering a saved one also happens on save.
 * New files are placed after the saved ones (the server adds each upload last), so each group is
 * reordered within itself; once saved, a file can be moved anywhere.
 */
export function AttachmentsField({
  existing,
  onRemoveExisting,
  onReorderExisting,
  pending,
  onChangePending,
  errors = {},
  plan,
}: AttachmentsFieldProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  /** Said to screen readers after a move; the moved row's button keeps the focus. */
  const [announcement, setAnnouncement] = useState("");
  const [focusAfterMove, setFocusAfterMove] = useState<{ key: string; by: -1 | 1 } | null>(null);

  useEffect(() => {
    if (!focusAfterMove || !listRef.current) return;
    // Moving a row re-inserts it, which drops the focus; at an end the pressed button is disabled, so the other one takes it.
    const buttons = (by: number) =>
      listRef.current!.querySelector<HTMLButtonElement>(`[data-move="${focusAfterMove.key}:${by}"]`);
    const target = buttons(focusAfterMove.by);
    (target && !target.disabled ? target : buttons(-focusAfterMove.by))?.focus();
    setFocusAfterMove(null);
  }, [focusAfterMove]);

  const move = <T,>(items: T[], index: number, by: -1 | 1, key: string, name: string, apply: (next: T[]) => void) => {
    apply(moved(items, index, by));
    setAnnouncement(`${name} moved to position ${index + by + 1} of ${items.length}.`);
    setFocusAfterMove({ key, by });
  };
  const maxFiles = plan?.maxFiles ?? ATTACHMENTS_PER_MESSAGE_MAX;
  const maxBytes = plan?.maxBytes ?? ATTACHMENT_MAX_BYTES_DEFAULT;
  const held = existing.length + pending.length;
  const room = maxFiles - held;
  /** The plan's sentence for a message that holds `usage` files, as the server would say it. */
  const fullSentence = (usage: number) =>
    plan
      ? attachmentCountSentence(plan.ctx, { max: maxFiles, plusMax: plan.plusMaxFiles, usage })
      : `A message can have at most ${maxFiles} attachments.`;

  const add = (files: FileList | null) => {
    // Copied before the input is reset: the FileList is live and empties with it.
    const chosen = Array.from(files ?? []);
    if (inputRef.current) inputRef.current.value = "";
    const problems = chosen.map((file) => problemWith(file, plan)).filter(Boolean);
    const acceptable = chosen.filter((file) => !problemWith(file, plan));
    const fine = acceptable.slice(0, Math.max(0, room));
    if (acceptable.length > fine.length) {
      problems.push(`${notAllAdded(fine.length, acceptable.length)} ${fullSentence(held + fine.length)}`);
    }
    setProblem(problems.join(" ") || null);
    onChangePending([...pending, ...fine.map((file) => ({ key: `file-${(counter += 1)}`, file }))]);
  };

  return (
    <div className="flex flex-col gap-3">
      {(existing.length > 0 || pending.length > 0) && (
        <ul ref={listRef} aria-label="Attachments" className="flex flex-col gap-2">
          {existing.map((attachment, index) => (
            <Row
              key={attachment.id}
              rowKey={attachment.id}
              name={attachment.file_name}
              size={attachment.size_bytes}
              onMove={(by) => move(existing, index, by, attachment.id, attachment.file_name, onReorderExisting)}
              canMoveUp={index > 0}
              canMoveDown={index < existing.length - 1}
              onRemove={() => onRemoveExisting(attachment.id)}
            />
          ))}
          {pending.map(({ key, file }, index) => (
            <Row
              key={key}
              rowKey={key}
              name={file.name}
              size={file.size}
              note="Uploads when you save"
              error={errors[key]}
              onMove={(by) => move(pending, index, by, key, file.name, onChangePending)}
              canMoveUp={index > 0}
              canMoveDown={index < pending.length - 1}
              onRemove={() => onChangePending(pending.filter((p) => p.key !== key))}
            />
          ))}
        </ul>
      )}
      {existing.length > 0 && pending.length > 0 && (
        <p className="text-xs text-muted-foreground">
          New files are added after the saved ones. Once saved, they can be moved anywhere.
        </p>
      )}
      <p role="status" className="sr-only">
        {announcement}
      </p>
      <input
        ref={inputRef}
        type="file"
        multiple
        aria-label="Attach files"
        className="sr-only"
        tabIndex={-1}
        onChange={(event) => add(event.target.files)}
      />
      {problem && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {problem}
        </p>
      )}
      <div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={room <= 0}
          onClick={() => inputRef.current?.click()}
        >
          <Paperclip aria-hidden="true" />
          Attach files
        </Button>
      </div>
      {room <= 0 && !problem && <p className="text-sm text-muted-foreground">{fullSentence(held)}</p>}
      <p className="text-xs text-muted-foreground">
        {plan ? `Your ${plan.ctx.name} plan: up` : "Up"} to {maxFiles} files of at most {megabytes(maxBytes)} each:{" "}
        {ATTACHMENT_TYPES_TEXT}. Stored encrypted.
      </p>
    </div>
  );
}

interface RowProps {
  rowKey: string;
  name: string;
  size: number;
  note?: string;
  error?: string;
  onMove: (by: -1 | 1) => void;
  canMoveUp: boolean;
  canMoveDown: boolean;
  onRemove: () => void;
}

/** 44 px touch targets on a phone, compact where there is a pointer and room. */
const ROW_BUTTON = "size-11 sm:size-8";

function Row({ rowKey, name, size, note, error, onMove, canMoveUp, canMoveDown, onRemove }: RowProps) {
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
        <span className="flex shrink-0 items-center">
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className={ROW_BUTTON}
            aria-label={`Move ${name} up`}
            data-move={`${rowKey}:-1`}
            disabled={!canMoveUp}
            onClick={() => onMove(-1)}
          >
            <ArrowUp aria-hidden="true" />
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className={ROW_BUTTON}
            aria-label={`Move ${name} down`}
            data-move={`${rowKey}:1`}
            disabled={!canMoveDown}
            onClick={() => onMove(1)}
          >
            <ArrowDown aria-hidden="true" />
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className={ROW_BUTTON}
            aria-label={`Remove ${name}`}
            onClick={onRemove}
          >
            <X aria-hidden="true" />
          </Button>
        </span>
      </div>
      {error && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </li>
  );
}

/** How many of the files chosen were added, when not all of them fit (`added` < `chosen`). */
function notAllAdded(added: number, chosen: number): string {
  if (chosen === 1) return "The file you chose was not added.";
  if (added === 0) return `None of the ${chosen} files you chose were added.`;
  return `Only ${added} of the ${chosen} files you chose ${added === 1 ? "was" : "were"} added.`;
}

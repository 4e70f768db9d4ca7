import { zodResolver } from "@hookform/resolvers/zod";
import {
  formatCount,
  MESSAGE_TEXT_MAX,
  messageUpdateSchema,
  type Attachment,
  type Message,
} from "@trigger-switch/contracts";
import { CircleAlert } from "lucide-react";
import { useEffect, useState, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import type { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { CHECK_THE_FORM_TOAST, dismissFormToast, toastError } from "@/lib/error-toast";
import { showServerErrors } from "@/lib/form-errors";
import { useOwnerTimeZone } from "@/hooks/use-owner-time-zone";
import { SaveStepError, useSaveMessage } from "../../api/save-message";
import { AttachmentsField, type PendingFile } from "@/features/attachments";
import {
  checkDraft,
  CONDITION_LABELS,
  conditionToDraft,
  ConditionsEditor,
  type ConditionDraft,
} from "@/features/conditions";
import { usePlanRules } from "@/features/subscription";
import { ratePassphrase, SealPanel, sealKept, sealOff, sealProblems, usePassphraseRating } from "@/features/sealing";
import { useApi } from "@/lib/services";
import { carryAttachments } from "../../api/carry-attachments";
import { toast } from "@/lib/toast";
import { EditorSection } from "./editor-section";
import { conditionFieldErrors } from "../../utils/save-error";

// The server's own field rules for the two text fields.
const formSchema = messageUpdateSchema.pick({ title: true, text_content: true }).required();
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

export interface RecipientsSlot {
  value: string[];
  onChange: (ids: string[]) => void;
  error?: string;
}

export interface MessageEditorProps {
  /** The message being edited; a new one when absent. */
  message?: Message;
  /** The recipient picker (a separate feature, composed in by the page). */
  renderRecipients: (slot: RecipientsSlot) => ReactNode;
  onSaved: (id: string) => void;
  cancelTo: string;
  /** A sealed message, opened in this browser by its passphrase: the editor starts from its text. */
  unlocked?: { passphrase: string; text: string };
}

/**
 * Write or change a message: text, attachments, recipients and conditions, saved together.
 * Everything typed stays in place when saving fails; errors appear next to what caused them.
 */
export function MessageEditor({ message, renderRecipients, onSaved, cancelTo, unlocked }: MessageEditorProps) {
  const timeZone = useOwnerTimeZone();
  // The editors offer what the plan allows and word refusals as the server does (docs/decisions/018).
  const plan = usePlanRules();
  const save = useSaveMessage(message);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: { title: message?.title ?? "", text_content: unlocked?.text ?? message?.text_content ?? "" },
  });
  const api = useApi();
  // What the server holds: sealed or not, and under which passphrase (the retry after a failed upload starts from it).
  const [server, setServer] = useState(() => ({
    sealed: Boolean(message?.sealed),
    passphrase: unlocked?.passphrase ?? null,
  }));
  const [seal, setSeal] = useState(() =>
    message?.sealed && unlocked ? sealKept(unlocked.passphrase, message.sealed.hint) : sealOff(),
  );
  const rating = usePassphraseRating(seal.passphrase, seal.on && seal.passphrase !== seal.generated);
  // Seal problems show once a save was tried, then follow what is typed.
  const [sealTried, setSealTried] = useState(false);
  const sealErrors = sealTried ? sealProblems(seal, rating) : {};
  const sealBlocked = Object.keys(sealErrors).length > 0;
  // The "check the form" toast named a seal problem: once none is left, it would no longer be true.
  useEffect(() => {
    if (sealTried && !sealBlocked) dismissFormToast();
  }, [sealTried, sealBlocked]);
  const [recipientIds, setRecipientIds] = useState(() => message?.recipients.map((r) => r.id) ?? []);
  const [drafts, setDrafts] = useState<ConditionDraft[]>(
    () => message?.conditions.map((c) => conditionToDraft(c, timeZone)) ?? [],
  );
  const [existing, setExisting] = useState<Attachment[]>(() => message?.attachments ?? []);
  const [removedAttachmentIds, setRemovedAttachmentIds] = useState<string[]>([]);
  const [files, setFiles] = useState<PendingFile[]>([]);
  const [conditionErrors, setConditionErrors] = useState<Record<string, Record<string, string>>>({});
  const [fileErrors, setFileErrors] = useState<Record<string, string>>({});
  const [recipientsError, setRecipientsError] = useState<string>();
  const [partial, setPartial] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const { errors } = form.formState;

  const changeDrafts = (next: ConditionDraft[]) => {
    // A server message belongs to what was sent; once the owner edits that condition it is stale.
    setConditionErrors((current) =>
      Object.fromEntries(
        Object.entries(current).filter(
          ([key]) => next.find((d) => d.key === key) === drafts.find((d) => d.key === key),
        ),
      ),
    );
    setDrafts(next);
  };

  const onSubmit = form.handleSubmit(async (values) => {
    const now = new Date();
    const invalid = drafts.find((draft) => checkDraft(draft, now).input === null);
    if (invalid) {
      // Name the condition and its first problem: "check the form" alone sends the owner hunting.
      const problem = Object.values(checkDraft(invalid, now).errors)[0];
      const where = CONDITION_LABELS[invalid.condition_type].title;
      toast.error("Please check the form", {
        id: CHECK_THE_FORM_TOAST,
        description: problem ? `${where}: ${problem}` : `${where} has a problem: see the highlighted fields.`,
      });
      return;
    }
    const typed = seal.on && seal.passphrase && seal.passphrase !== seal.generated;
    const problems = sealProblems(seal, typed ? await ratePassphrase(seal.passphrase) : null);
    setSealTried(true);
    if (Object.keys(problems).length > 0) {
      toast.error("Please check the form", { id: CHECK_THE_FORM_TOAST, description: Object.values(problems)[0] });
      return;
    }
    setSaving(true);
    setPartial(null);
    let savedId: string | null = message?.id ?? null;
    try {
      // Saved files change form with the message (sealed, re-sealed, opened): removed, then uploaded again.
      const changesForm = server.sealed !== seal.on || (seal.on && seal.passphrase !== server.passphrase);
      const carried = changesForm ? await carryAttachments(api, existing, server.passphrase) : [];
      const draftFiles = [...carried, ...files];
      const draftRemoved = changesForm ? [...removedAttachmentIds, ...existing.map((a) => a.id)] : removedAttachmentIds;
      if (changesForm) {
        setFiles(draftFiles);
        setExisting([]);
        setRemovedAttachmentIds(draftRemoved);
      }
      const id = await save(
        {
          ...values,
          recipientIds,
          conditions: drafts,
          files: draftFiles,
          removedAttachmentIds: draftRemoved,
          attachmentOrder: changesForm ? [] : existing.map((a) => a.id),
          seal: seal.on ? { passphrase: seal.passphrase, hint: seal.hint } : null,
          unseal: server.sealed && !seal.on,
        },
        {
          onSaved: (saved) => {
            savedId = saved.id;
            setServer({ sealed: saved.sealed !== null, passphrase: seal.on ? seal.passphrase : null });
            // The form now stands for what the server holds, so a retry sends only what is left.
            setDrafts(saved.conditions.map((c) => conditionToDraft(c, timeZone)));
            setConditionErrors({});
            setExisting(saved.attachments);
            setRemovedAttachmentIds([]);
          },
          onFileUploaded: (key, attachment) => {
            setFiles((current) => current.filter((f) => f.key !== key));
            setExisting((current) => [...current, attachment]);
          },
        },
      );
      dismissFormToast();
      toast.success("Message saved");
      onSaved(id);
    } catch (error) {
      if (!(error instanceof SaveStepError)) return toastError(error);
      if (error.step === "attachment") {
        if (!message && savedId)
          setPartial(
            "A file could not be attached. Your message itself is saved: fix the problem and press Save again to add the file.",
          );
        toastError(error.cause);
        if (error.key) setFileErrors((current) => ({ ...current, [error.key!]: error.message }));
        return;
      }
      // The save was refused as a whole: nothing of it was stored.
      if (error.step === "message") return showServerErrors(form, error.cause, ["title", "text_content"]);
      toastError(error.cause);
      if (error.step === "recipients") setRecipientsError(error.message);
      if (error.step === "condition" && error.key)
        setConditionErrors((current) => ({ ...current, [error.key!]: conditionFieldErrors(error) }));
    } finally {
      setSaving(false);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-6">
      {partial && (
        <Alert variant="warning" role="status">
          <CircleAlert aria-hidden="true" />
          <p>{partial}</p>
        </Alert>
      )}
      <EditorSection title="Message" description="Until it is sent, only you can read it. It is stored encrypted.">
        <div className="flex flex-col gap-5">
          <FormField
            label="Title"
            error={errors.title?.message}
            hint={
              seal.on
                ? "The title is not sealed: it stays your label in lists, the emergency selector and notices."
                : undefined
            }
          >
            <Input autoComplete="off" {...form.register("title")} />
          </FormField>
          <FormField
            label="Message"
            hint={`Up to ${formatCount(MESSAGE_TEXT_MAX)} characters.`}
            error={errors.text_content?.message}
          >
            <Textarea className="min-h-48" {...form.register("text_content")} />
          </FormField>
        </div>
      </EditorSection>
      <EditorSection
        title="Seal"
        description="End-to-end encryption: only people who know the passphrase can read the text and files."
      >
        <SealPanel value={seal} onChange={setSeal} rating={rating} errors={sealErrors} wasSealed={server.sealed} />
      </EditorSection>
      <EditorSection
        title="Attachments"
        description="Documents, photos or recordings your recipients receive with the message."
      >
        <AttachmentsField
          existing={existing}
          onRemoveExisting={(id) => {
            setExisting((current) => current.filter((a) => a.id !== id));
            setRemovedAttachmentIds((current) => [...current, id]);
          }}
          onReorderExisting={setExisting}
          pending={files}
          onChangePending={setFiles}
          errors={fileErrors}
          plan={plan?.attachments}
        />
      </EditorSection>
      <EditorSection title="Recipients" description="Who receives this message when it is sent.">
        {renderRecipients({
          value: recipientIds,
          onChange: (ids) => {
            setRecipientsError(undefined);
            setRecipientIds(ids);
          },
          error: recipientsError,
        })}
      </EditorSection>
      <EditorSection
        title="When it is sent"
        description="Conditions that send this message. Any one of them is enough."
      >
        <ConditionsEditor
          drafts={drafts}
          onChange={changeDrafts}
          saved={message?.conditions}
          serverErrors={conditionErrors}
          timeZone={timeZone}
          plan={plan?.checkIn}
        />
      </EditorSection>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button asChild variant="outline">
          <Link to={cancelTo}>Cancel</Link>
        </Button>
        <Button type="submit" size="lg" disabled={saving}>
          {saving && <Spinner className="text-primary-foreground" />}
          {saving && seal.on ? "Sealing in your browser…" : message ? "Save changes" : "Save message"}
        </Button>
      </div>
    </form>
  );
}

import { messageSchema, type Attachment, type Message, type MessageSave } from "@trigger-switch/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef } from "react";
import { isApiError } from "@/lib/api-client";
import { announceConditionsUpdated } from "@/lib/conditions-events";
import { useApi } from "@/lib/services";
import { useOwnerTimeZone } from "@/hooks/use-owner-time-zone";
import { withTimeZone } from "@/lib/time-zone";
import { uploadAttachment } from "@/features/attachments";
import { sealBytes, sealText } from "@/features/sealing";
import { conditionToDraft, draftToInput, draftToUpdate, type ConditionDraft } from "@/features/conditions";
import { invalidateMessages } from "./get-messages";

export interface MessageDraft {
  title: string;
  text_content: string;
  recipientIds: string[];
  conditions: ConditionDraft[];
  files: { key: string; file: File }[];
  removedAttachmentIds: string[];
  /** The kept saved files' ids in the order the owner arranged them; new files go after them. */
  attachmentOrder: string[];
  /** Sealed with this passphrase (only ciphertext leaves the browser); null: not sealed. */
  seal: { passphrase: string; hint: string } | null;
  /** The saved message is sealed and the owner chose to unseal it. */
  unseal: boolean;
}

/** Which part failed, so the editor can put the error next to it. */
export class SaveStepError extends Error {
  constructor(
    readonly step: "message" | "recipients" | "condition" | "attachment",
    override readonly cause: unknown,
    /** The condition draft's or file's key. */
    readonly key?: string,
    /** The server's field messages for that part, with the part's own prefix taken off. */
    readonly fields: Record<string, string> = {},
  ) {
    super(cause instanceof Error ? cause.message : "Saving failed");
  }
}

export interface SaveProgress {
  /** The message as saved (text, recipients, conditions): the editor now shows exactly that. */
  onSaved: (message: Message) => void;
  onFileUploaded: (key: string, attachment: Attachment) => void;
}

const json = (value: unknown) => JSON.stringify(value);

/** The request body: the form whole, with conditions as changes to what the server holds. */
export function toSaveBody(draft: MessageDraft, savedConditions: Map<string, string>): MessageSave {
  const kept = new Set(draft.conditions.map((c) => c.id).filter(Boolean));
  return {
    title: draft.title,
    text_content: draft.text_content,
    recipient_ids: draft.recipientIds,
    remove_condition_ids: [...savedConditions.keys()].filter((id) => !kept.has(id)),
    // A change of timing restarts a condition's clock, so an untouched condition is not sent.
    change_conditions: draft.conditions
      .filter((c) => c.id && savedConditions.get(c.id) !== json(draftToUpdate(c)))
      .map((c) => ({ id: c.id!, changes: draftToUpdate(c) })),
    add_conditions: draft.conditions.filter((c) => !c.id).map(draftToInput),
    remove_attachment_ids: draft.removedAttachmentIds,
    ...(draft.attachmentOrder.length > 0 && { attachment_order: draft.attachmentOrder }),
  };
}

/** Turns the server's refusal into the part of the form it concerns. */
export function saveErrorOf(error: unknown, draft: MessageDraft, body: MessageSave): SaveStepError {
  const fields = isApiError(error) ? error.fields : {};
  const added = draft.conditions.filter((c) => !c.id);
  const changed = body.change_conditions ?? [];
  for (const path of Object.keys(fields)) {
    const match = /^(add_conditions\.(\d+)|change_conditions\.(\d+)(?:\.changes)?)(?:\.(.*))?$/.exec(path);
    if (match) {
      const key =
        match[2] !== undefined
          ? added[Number(match[2])]?.key
          : draft.conditions.find((c) => c.id === changed[Number(match[3])]?.id)?.key;
      const own = Object.fromEntries(
        Object.entries(fields)
          .filter(([p]) => p.startsWith(`${match[1]}.`) || p === match[1])
          .map(([p, message]) => [p.slice(match[1]!.length + 1) || "condition", message]),
      );
      return new SaveStepError("condition", error, key, own);
    }
    if (path.startsWith("recipient_ids")) return new SaveStepError("recipients", error, undefined, fields);
  }
  return new SaveStepError("message", error, undefined, fields);
}

/** What the server holds, to send only what changed: the id and each condition's editable fields. */
function snapshot(message: Message | undefined, zone: string) {
  return {
    id: message?.id ?? null,
    conditions: new Map((message?.conditions ?? []).map((c) => [c.id, json(draftToUpdate(conditionToDraft(c, zone)))])),
  };
}

/**
 * Saves the editor's draft in one request (POST /api/messages/save or PUT /api/messages/:id): the
 * server applies text, recipients, condition changes, removed attachments and the attachments' order
 * in one transaction,
 * so a refusal leaves the message exactly as it was. New files follow, one upload each (the server
 * puts each after the saved ones, which is where the editor shows them); a file
 * that fails leaves the saved message in place and can be retried on its own.
 */
export function useSaveMessage(original: Message | undefined) {
  const api = useApi();
  const queryClient = useQueryClient();
  const zone = useOwnerTimeZone();
  const saved = useRef(snapshot(original, zone));

  return useCallback(
    async (draft: MessageDraft, progress: SaveProgress): Promise<string> => {
      const state = saved.current;
      const body = await withSeal(toSaveBody(draft, state.conditions), draft);
      const touchedConditions = Boolean(
        body.add_conditions?.length || body.change_conditions?.length || body.remove_condition_ids?.length,
      );
      try {
        let message: Message;
        try {
          message =
            state.id === null
              ? await api.post(withTimeZone("/api/messages/save", zone), body, messageSchema)
              : await api.put(withTimeZone(`/api/messages/${encodeURIComponent(state.id)}`, zone), body, messageSchema);
        } catch (error) {
          throw saveErrorOf(error, draft, body);
        }
        saved.current = snapshot(message, zone);
        if (touchedConditions) announceConditionsUpdated();
        progress.onSaved(message);
        for (const { key, file } of draft.files) {
          try {
            const sealed = draft.seal
              ? new File(
                  [new Uint8Array(await sealBytes(draft.seal.passphrase, new Uint8Array(await file.arrayBuffer())))],
                  file.name,
                )
              : null;
            progress.onFileUploaded(key, await uploadAttachment(api, message.id, sealed ?? file, { sealed: !!sealed }));
          } catch (error) {
            throw new SaveStepError("attachment", error, key);
          }
        }
        return message.id;
      } finally {
        await invalidateMessages(queryClient);
      }
    },
    [api, queryClient, zone],
  );
}

/** The body with the text sealed in this browser (the server receives ciphertext only), or the unseal flag. */
async function withSeal(body: MessageSave, draft: MessageDraft): Promise<MessageSave> {
  if (draft.seal)
    return {
      ...body,
      text_content: "",
      seal: { text: await sealText(draft.seal.passphrase, draft.text_content), hint: draft.seal.hint.trim() || null },
    };
  return draft.unseal ? { ...body, unseal: true } : body;
}

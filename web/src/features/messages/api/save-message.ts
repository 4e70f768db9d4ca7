import type { Attachment, Message } from "@trigger-switch/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef } from "react";
import { announceConditionsUpdated } from "@/lib/conditions-events";
import { useApi } from "@/lib/services";
import { browserTimeZone } from "@/lib/time-zone";
import { conditionToDraft, type ConditionDraft } from "../utils/condition-draft";
import { draftToInput, draftToUpdate } from "../utils/draft-to-input";
import { createCondition } from "./create-condition";
import { createMessage } from "./create-message";
import { deleteAttachment } from "./delete-attachment";
import { deleteCondition } from "./delete-condition";
import { invalidateMessages } from "./get-messages";
import { setMessageRecipients } from "./set-message-recipients";
import { updateCondition } from "./update-condition";
import { updateMessage } from "./update-message";
import { uploadAttachment } from "./upload-attachment";

export interface MessageDraft {
  title: string;
  text_content: string;
  recipientIds: string[];
  conditions: ConditionDraft[];
  files: { key: string; file: File }[];
  removedAttachmentIds: string[];
}

/** Which part failed, so the editor can put the error next to it. */
export class SaveStepError extends Error {
  constructor(
    readonly step: "message" | "recipients" | "condition" | "attachment",
    override readonly cause: unknown,
    /** The condition draft's or file's key. */
    readonly key?: string,
  ) {
    super(cause instanceof Error ? cause.message : "Saving failed");
  }
}

export interface SaveProgress {
  onMessageId: (id: string) => void;
  onConditionSaved: (key: string, id: string) => void;
  onFileUploaded: (key: string, attachment: Attachment) => void;
  onAttachmentRemoved: (id: string) => void;
}

const json = (value: unknown) => JSON.stringify(value);
const sorted = (ids: string[]) => [...ids].sort();

/**
 * Saves the editor's draft as a sequence of API calls: the message, its recipients, its
 * conditions, then attachments. It remembers what each step saved, so after a failure the next
 * attempt resumes without creating anything twice, and only what changed is sent (a PATCH of a
 * condition's timing restarts its clock, so an untouched condition must not be sent).
 */
export function useSaveMessage(original: Message | undefined) {
  const api = useApi();
  const queryClient = useQueryClient();
  const zone = browserTimeZone();
  const saved = useRef({
    id: original?.id ?? null,
    content: original ? json({ title: original.title, text_content: original.text_content }) : null,
    recipients: json(sorted(original?.recipients.map((r) => r.id) ?? [])),
    conditions: new Map((original?.conditions ?? []).map((c) => [c.id, json(draftToUpdate(conditionToDraft(c, zone)))])),
  });

  return useCallback(
    async (draft: MessageDraft, progress: SaveProgress): Promise<string> => {
      const state = saved.current;
      const step = async <T>(name: SaveStepError["step"], run: () => Promise<T>, key?: string): Promise<T> => {
        try {
          return await run();
        } catch (error) {
          throw new SaveStepError(name, error, key);
        }
      };
      let touchedConditions = false;
      try {
        const content = { title: draft.title, text_content: draft.text_content };
        if (state.id === null) {
          const created = await step("message", () => createMessage(api, content));
          state.id = created.id;
          state.content = json(content);
          progress.onMessageId(created.id);
        } else if (state.content !== json(content)) {
          await step("message", () => updateMessage(api, state.id!, content));
          state.content = json(content);
        }
        const id = state.id;

        const recipients = json(sorted(draft.recipientIds));
        if (state.recipients !== recipients) {
          await step("recipients", () => setMessageRecipients(api, id, draft.recipientIds));
          state.recipients = recipients;
        }

        const kept = new Set(draft.conditions.map((c) => c.id).filter(Boolean));
        for (const conditionId of [...state.conditions.keys()].filter((c) => !kept.has(c))) {
          touchedConditions = true;
          await step("condition", () => deleteCondition(api, conditionId));
          state.conditions.delete(conditionId);
        }
        for (const condition of draft.conditions) {
          const body = json(draftToUpdate(condition));
          if (condition.id && state.conditions.get(condition.id) === body) continue;
          touchedConditions = true;
          const result = condition.id
            ? await step("condition", () => updateCondition(api, condition.id!, draftToUpdate(condition)), condition.key)
            : await step("condition", () => createCondition(api, id, draftToInput(condition)), condition.key);
          state.conditions.set(result.id, body);
          progress.onConditionSaved(condition.key, result.id);
        }

        for (const attachmentId of draft.removedAttachmentIds) {
          await step("attachment", () => deleteAttachment(api, id, attachmentId));
          progress.onAttachmentRemoved(attachmentId);
        }
        for (const { key, file } of draft.files) {
          const attachment = await step("attachment", () => uploadAttachment(api, id, file), key);
          progress.onFileUploaded(key, attachment);
        }
        return id;
      } finally {
        if (touchedConditions) announceConditionsUpdated();
        await invalidateMessages(queryClient);
      }
    },
    [api, queryClient],
  );
}

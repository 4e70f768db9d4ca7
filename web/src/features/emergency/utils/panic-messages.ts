/** A message the Emergency button can send (spec §2 selector: title, text preview, recipients). */
export interface PanicMessage {
  id: string;
  title: string;
  preview: string;
  /** null while the messages list has not loaded (the selector then leaves the count out). */
  recipientCount: number | null;
  /** Files attached to it; null while the messages list has not loaded. */
  attachmentCount: number | null;
}

/** Spec §2: an entry without a title is called this. */
export const DEFAULT_PANIC_TITLE = "Emergency Message";

interface PanicConditionLike {
  message_id: string;
}
interface MessageSummaryLike {
  id: string;
  title: string;
  preview: string;
  recipient_count: number;
  attachment_count: number;
}

/**
 * The messages an Emergency press may send: one per message with an active panic condition (the
 * header's conditions decide which), with title, preview and recipient count from the messages
 * list when it has loaded. The list is only decoration: a press never waits for it.
 */
export function toPanicMessages(
  conditions: readonly PanicConditionLike[],
  messages: readonly MessageSummaryLike[] | undefined,
): PanicMessage[] {
  const ids = [...new Set(conditions.map((c) => c.message_id))];
  return ids.map((id) => {
    const details = messages?.find((m) => m.id === id);
    return {
      id,
      title: details?.title.trim() || DEFAULT_PANIC_TITLE,
      preview: details?.preview ?? "",
      recipientCount: details ? details.recipient_count : null,
      attachmentCount: details ? details.attachment_count : null,
    };
  });
}

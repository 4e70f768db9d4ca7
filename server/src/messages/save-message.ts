import type { Message, messageSaveSchema, RecipientChannel } from "@trigger-switch/contracts";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import { attachmentOrder } from "../attachments/attachment-order.ts";
import type { AttachmentStorage } from "../attachments/attachment-storage.ts";
import { limitsFor } from "../billing/limits-for.ts";
import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import { createCondition } from "../conditions/create-condition.ts";
import { findOwnedCondition } from "../conditions/find-owned-condition.ts";
import { updateCondition } from "../conditions/update-condition.ts";
import { messageCipherOf } from "../crypto/message-cipher.ts";
import type { MasterKeys } from "../crypto/master-keys.ts";
import type { Db, Tx } from "../db/connect.ts";
import { arrayLiteral } from "../db/in-ids.ts";
import { messageAttachments, messageConditions, messages } from "../db/schema.ts";
import { AppError, notFound } from "../errors.ts";
import { insertMessage } from "./create-message.ts";
import { findOwnedMessage } from "./find-owned-message.ts";
import { getMessage } from "./get-message.ts";
import { sealMessageFields } from "./seal-message-fields.ts";
import { replaceMessageRecipients } from "./set-message-recipients.ts";
import { applySealRules } from "../sealing/seal-rules.ts";

interface Options {
  db: Db;
  config: Config;
  clock: Clock;
  masterKeys: MasterKeys;
  storage: AttachmentStorage;
  userId: string;
  /** The message being edited; null writes a new one. */
  messageId: string | null;
  input: z.output<typeof messageSaveSchema>;
  timeZone?: string;
  /** The channels this server sends by (`deliveredBy`): readiness counts a recipient reachable on them. */
  delivered: readonly RecipientChannel[];
}

/**
 * Saves the editor's whole form in one transaction: the text, the recipient list, the condition
 * changes (removed, changed, added — in that order, so a replaced condition frees its place),
 * removed attachments and the order of the rest. Any error rolls all of it back: no half-saved message, and no new condition
 * armed beside a change that was refused. The same rules as the granular routes apply, because
 * they are the same functions (plan limits, recipient subsets, deliver_at ahead, ownership).
 */
export async function saveMessage({
  db,
  config,
  clock,
  masterKeys,
  storage,
  userId,
  messageId,
  input,
  timeZone,
  delivered,
}: Options): Promise<Message> {
  const limits = await limitsFor({ db, config, userId });
  const { id, removedBlobs } = await db.transaction(async (tx) => {
    const id =
      messageId === null
        ? await insertNew(tx, { config, clock, masterKeys, userId, limits, input })
        : await rewriteContent(tx, { clock, masterKeys, userId, messageId, input });
    await replaceMessageRecipients({ tx, clock, userId, messageId: id, recipientIds: input.recipient_ids });
    await applyConditionChanges(tx, { config, clock, userId, messageId: id, input });
    const removedBlobs = await removeAttachmentRows(tx, id, input.remove_attachment_ids);
    if (input.attachment_order) await orderAttachments(tx, id, input.attachment_order);
    return { id, removedBlobs };
  });
  // Blobs go only after the rows are gone for good (a crash leaves an unreadable orphan, never a dangling row).
  for (const key of removedBlobs) await storage.remove(key);
  return getMessage({ db, clock, masterKeys, userId, messageId: id, timeZone, delivered });
}

/** A new message, sealed in the same transaction when the editor sealed it before the first save. */
async function insertNew(
  tx: Tx,
  {
    input,
    ...rest
  }: Pick<Options, "config" | "clock" | "masterKeys" | "userId" | "input"> & {
    limits: Awaited<ReturnType<typeof limitsFor>>;
  },
): Promise<string> {
  const row = await insertMessage({ tx, ...rest, input: newMessageInput(input) });
  const sealed = await applySealRules(tx, {
    cipher: messageCipherOf(rest.masterKeys, row),
    messageId: null,
    wasSealed: false,
    input,
  });
  if (sealed) await tx.update(messages).set(sealed).where(eq(messages.id, row.id));
  return row.id;
}

function newMessageInput(input: Options["input"]) {
  return {
    title: input.title,
    text_content: input.text_content,
    share_location: false,
    location_latitude: null,
    location_longitude: null,
    location_name: null,
  };
}

/** Locks the owner's message for the whole save, re-encrypts its title and text, and applies the seal rules (sealing/seal-rules.ts). */
async function rewriteContent(
  tx: Tx,
  {
    clock,
    masterKeys,
    userId,
    messageId,
    input,
  }: Pick<Options, "clock" | "masterKeys" | "userId" | "input"> & { messageId: string },
): Promise<string> {
  const current = await findOwnedMessage({ db: tx, userId, messageId, forUpdate: true });
  const cipher = messageCipherOf(masterKeys, current);
  const seal = await applySealRules(tx, {
    cipher,
    messageId: current.id,
    wasSealed: current.sealedText !== null,
    input,
  });
  const sealed = sealMessageFields(cipher, { title: input.title, text_content: input.text_content });
  await tx
    .update(messages)
    .set({ ...sealed, ...seal, updatedAt: clock.now() })
    .where(eq(messages.id, current.id));
  return current.id;
}

async function applyConditionChanges(
  tx: Tx,
  {
    config,
    clock,
    userId,
    messageId,
    input,
  }: Pick<Options, "config" | "clock" | "userId" | "input"> & { messageId: string },
): Promise<void> {
  const ofThisMessage = async (conditionId: string) => {
    const row = await findOwnedCondition({ db: tx, userId, conditionId });
    if (row.messageId !== messageId) throw notFound("Condition not found");
    return row;
  };
  for (const conditionId of input.remove_condition_ids) {
    const row = await ofThisMessage(conditionId);
    await tx.delete(messageConditions).where(eq(messageConditions.id, row.id));
  }
  for (const [index, { id, changes }] of input.change_conditions.entries()) {
    await ofThisMessage(id);
    await pointedAt(`change_conditions.${index}.changes`, () =>
      updateCondition({ db: tx, config, clock, userId, conditionId: id, changes }),
    );
  }
  for (const [index, condition] of input.add_conditions.entries()) {
    await pointedAt(`add_conditions.${index}`, () =>
      createCondition({ db: tx, config, clock, userId, messageId, input: condition }),
    );
  }
}

/** Names the condition a field error belongs to, so the editor can show it next to that condition. */
async function pointedAt<T>(prefix: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const fields = error.fields
      ? Object.fromEntries(Object.entries(error.fields).map(([key, message]) => [`${prefix}.${key}`, message]))
      : { [prefix]: error.message };
    throw new AppError(error.code, error.message, fields);
  }
}

async function removeAttachmentRows(tx: Tx, messageId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .delete(messageAttachments)
    .where(and(eq(messageAttachments.messageId, messageId), inArray(messageAttachments.id, ids)))
    .returning({ id: messageAttachments.id, storageKey: messageAttachments.storageKey });
  if (rows.length !== new Set(ids).size) throw notFound("Attachment not found");
  return rows.map((r) => r.storageKey);
}

/**
 * Numbers the message's attachments in the order given (0, 1, …); those not listed follow in
 * their current order. An id that is not an attachment of this message is refused like a removal
 * of one (404), so nothing is half-applied. Two statements however many files: the positions travel as one list.
 */
async function orderAttachments(tx: Tx, messageId: string, order: string[]): Promise<void> {
  const rows = await tx
    .select({ id: messageAttachments.id })
    .from(messageAttachments)
    .where(eq(messageAttachments.messageId, messageId))
    .orderBy(...attachmentOrder);
  const known = new Set(rows.map((r) => r.id));
  if (order.some((id) => !known.has(id)))
    throw new AppError("not_found", "Attachment not found", {
      attachment_order: "lists a file that is not attached to this message",
    });
  const listed = new Set(order);
  const ids = [...order, ...rows.map((r) => r.id).filter((id) => !listed.has(id))];
  if (ids.length === 0) return;
  await tx.execute(sql`update message_attachments a set position = v.n - 1
    from unnest(${arrayLiteral(ids)}::uuid[]) with ordinality as v(id, n)
    where a.id = v.id and a.message_id = ${messageId}`);
}

import { and, eq, inArray, isNotNull, isNull, or } from "drizzle-orm";
import type { MasterKeys } from "../crypto/master-keys.ts";
import type { Tx } from "../db/connect.ts";
import {
  channelReceipts,
  identities,
  inboundMessages,
  mailOutbox,
  messages,
  messagingWindows,
  mfaFactors,
  numberVerificationCodes,
  oneTimeTokens,
  profiles,
  recipients,
  reminderDeliveryLog,
  securityEvents,
  users,
  verifiedNumbers,
} from "../db/schema.ts";
import { openOutboxMail } from "../mail/read-outbox.ts";

/** Every address and number an account used or was reached at, and the ids of its messages. */
export interface AccountTraces {
  /** Lower-cased e-mail addresses: the current one, a pending or former one, a provider's. */
  addresses: string[];
  /** E.164 numbers: the profile's, the verified one, those codes went to, phone factors. */
  numbers: string[];
  messageIds: string[];
  /** The provider ids of what was sent for the account (its releases, its number's codes). */
  providerMessageIds: string[];
  /** Where the account's recipients are reached: mails about the owner may wait there. */
  recipientContacts: string[];
}

const unique = (values: (string | null | undefined)[]) => [...new Set(values.filter((v): v is string => !!v))];

/**
 * Reads, before the account row goes (and its rows cascade with it), everything that names the
 * owner in tables that do not cascade: the channel tables keyed by number and the local outbox.
 */
export async function readAccountTraces(tx: Tx, userId: string): Promise<AccountTraces> {
  const [user] = await tx
    .select({ email: users.email, emailChange: users.emailChange })
    .from(users)
    .where(eq(users.id, userId));
  const [profile] = await tx
    .select({ email: profiles.email, number: profiles.whatsappNumber })
    .from(profiles)
    .where(eq(profiles.id, userId));
  const linkAddresses = await tx
    .select({ to: oneTimeTokens.relatesTo })
    .from(oneTimeTokens)
    .where(eq(oneTimeTokens.userId, userId));
  const addressChanges = await tx
    .select({ detail: securityEvents.detail })
    .from(securityEvents)
    .where(
      and(eq(securityEvents.userId, userId), inArray(securityEvents.kind, ["email_changed", "email_change_requested"])),
    );
  const providerData = await tx
    .select({ data: identities.identityData })
    .from(identities)
    .where(eq(identities.userId, userId));
  const addresses = unique([
    user?.email,
    user?.emailChange,
    profile?.email,
    ...linkAddresses.map((r) => r.to),
    ...addressChanges.flatMap((r) => [r.detail.from, r.detail.to]),
    ...providerData.map((r) => (typeof r.data.email === "string" ? r.data.email : null)),
  ]).map((a) => a.toLowerCase());

  const verified = await tx
    .select({ number: verifiedNumbers.number })
    .from(verifiedNumbers)
    .where(eq(verifiedNumbers.userId, userId));
  const codes = await tx
    .select({ number: numberVerificationCodes.number, providerId: numberVerificationCodes.providerMessageId })
    .from(numberVerificationCodes)
    .where(eq(numberVerificationCodes.userId, userId));
  const factorPhones = await tx
    .select({ phone: mfaFactors.phone })
    .from(mfaFactors)
    .where(and(eq(mfaFactors.userId, userId), isNotNull(mfaFactors.phone)));
  const numbers = unique([
    profile?.number,
    ...verified.map((r) => r.number),
    ...codes.map((r) => r.number),
    ...factorPhones.map((r) => r.phone),
  ]);

  const messageIds = (await tx.select({ id: messages.id }).from(messages).where(eq(messages.userId, userId))).map(
    (r) => r.id,
  );
  const sent = messageIds.length
    ? await tx
        .select({ providerId: reminderDeliveryLog.providerMessageId })
        .from(reminderDeliveryLog)
        .where(
          and(inArray(reminderDeliveryLog.messageId, messageIds), isNotNull(reminderDeliveryLog.providerMessageId)),
        )
    : [];
  const contacts = await tx
    .select({ email: recipients.email, phone: recipients.phone })
    .from(recipients)
    .where(eq(recipients.userId, userId));

  return {
    addresses,
    numbers,
    messageIds,
    providerMessageIds: unique([...codes.map((r) => r.providerId), ...sent.map((r) => r.providerId)]),
    recipientContacts: unique(contacts.flatMap((r) => [r.email?.toLowerCase(), r.phone])),
  };
}

/**
 * Deletes what names the owner outside the rows that cascade with the account, in the deletion's
 * transaction (docs/decisions/030):
 * - inbound texts from the owner's numbers and the messaging windows they opened;
 * - the providers' receipts for what went to those numbers or carried the owner's messages;
 * - local-outbox mail to the owner's addresses and numbers (former ones too), and mail to their
 *   recipients that carries one of the owner's messages (a release names the owner); another
 *   owner's mail to the same recipient stays.
 */
export async function forgetAccountTraces(tx: Tx, masterKeys: MasterKeys, userId: string, traces: AccountTraces) {
  const { addresses, numbers, messageIds, providerMessageIds, recipientContacts } = traces;
  // A number now verified by another account keeps that account's own check-ins.
  await tx
    .delete(inboundMessages)
    .where(
      or(
        eq(inboundMessages.userId, userId),
        numbers.length ? and(inArray(inboundMessages.fromNumber, numbers), isNull(inboundMessages.userId)) : undefined,
      ),
    );
  if (numbers.length) await tx.delete(messagingWindows).where(inArray(messagingWindows.number, numbers));
  const receipts = [
    numbers.length ? inArray(channelReceipts.recipient, numbers) : undefined,
    providerMessageIds.length ? inArray(channelReceipts.providerMessageId, providerMessageIds) : undefined,
  ].filter((c) => c !== undefined);
  if (receipts.length) await tx.delete(channelReceipts).where(or(...receipts));

  const own = [...addresses, ...numbers];
  if (own.length) await tx.delete(mailOutbox).where(inArray(mailOutbox.to, own));
  if (recipientContacts.length && messageIds.length) {
    const waiting = await tx.select().from(mailOutbox).where(inArray(mailOutbox.to, recipientContacts)).for("update");
    const about = waiting
      .filter((row) => {
        const mail = openOutboxMail(masterKeys, row);
        const words = `${mail.subject}\n${mail.text}\n${mail.html ?? ""}`;
        return messageIds.some((id) => words.includes(id));
      })
      .map((row) => row.id);
    if (about.length) await tx.delete(mailOutbox).where(inArray(mailOutbox.id, about));
  }
}

import type { DeliveryChannel } from "@trigger-switch/contracts";
import type { MasterKeys } from "../crypto/master-keys.ts";
import type { Db, Tx } from "../db/connect.ts";
import {
  enqueueOwnerNotice,
  enqueueOwnerPhoneNotices,
  type OwnerPhoneNotice,
  type QueuedNotice,
} from "../engine/owner-notices.ts";

/**
 * What a trusted contact is told, said for each channel: the mail, and the short text of SMS and
 * WhatsApp with the link it carries (null: nothing to open). Built beside each other in
 * confirmation-mail.ts and access-request-mail.ts so the two never say different things.
 */
export interface ContactNoticeContent {
  subject: string;
  text: string;
  html: string;
  phone: { text: string; link: string | null };
}

/** Where a contact notice goes and what it carries, as `contactNotice` words it. */
interface ContactNoticeArgs {
  now: Date;
  sendAt?: Date;
  grantId?: string | null;
  /** The owner: the notice goes with their account. */
  userId: string;
  ownerFirstName: string;
  contact: { id: string; channel: DeliveryChannel; address: string };
  key: string;
  content: ContactNoticeContent;
}

/**
 * A notice to a trusted contact on the channel they were invited by (docs/decisions/041): a mail,
 * or a text through the channel layer, sent only while they are still a contact
 * (send-contact-phone-notice.ts). WhatsApp outside the 24-hour window sends the contact template
 * with the owner's first name and the link; a text with no link goes only inside the window.
 * `key` names the notice once, as for any notice: the same key again is a no-op.
 */
export function contactNotice({
  now,
  sendAt = now,
  grantId = null,
  userId,
  ownerFirstName,
  contact,
  key,
  content,
}: ContactNoticeArgs): { mail: QueuedNotice } | { phone: OwnerPhoneNotice } {
  const { phone, ...mail } = content;
  if (contact.channel === "email")
    return { mail: { sendAt, grantId, notice: { to: contact.address, userId, key, ...mail } } };
  return {
    phone: {
      userId,
      channel: contact.channel,
      to: contact.address,
      key,
      text: phone.text,
      ...(phone.link ? { template: { template: "contact_notice" as const, body: [ownerFirstName, phone.link] } } : {}),
      about: { contactId: contact.id },
      sendAt,
      grantId,
    },
  };
}

/** Queues one contact notice (contactNotice) in the caller's transaction. */
export async function enqueueContactNotice(
  tx: Db | Tx,
  { masterKeys, ...args }: ContactNoticeArgs & { masterKeys: MasterKeys },
): Promise<void> {
  const notice = contactNotice(args);
  if ("mail" in notice) await enqueueOwnerNotice(tx, { masterKeys, now: args.now, ...notice.mail });
  else await enqueueOwnerPhoneNotices(tx, { masterKeys, now: args.now, notices: [notice.phone] });
}

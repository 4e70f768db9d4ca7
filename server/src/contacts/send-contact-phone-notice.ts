import { eq } from "drizzle-orm";
import { ChannelError, type Channels, type PhoneChannelId, type TemplateContent } from "../channels/channel.ts";
import { NOT_SENT_BY_RULE, type PhoneNoticeResult } from "../channels/delivery/send-owner-phone-notice.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/connect.ts";
import { trustedContacts } from "../db/schema.ts";
import { contactPhoneChannels } from "./contact-channels.ts";

/**
 * One queued notice to a trusted contact's phone (contacts/contact-notice.ts). Sent only while they
 * are still a contact (invited or active) and this server still reaches contacts on that channel;
 * otherwise it ends as not sent, with the reason. WhatsApp's window rule applies as everywhere
 * (docs/decisions/014): free text inside it, else the contact template. The deliveries row is the
 * record: a contact's notice names no message, so it has no place in a message's delivery log.
 */
export async function sendContactPhoneNotice({
  db,
  config,
  channels,
  notice,
}: {
  db: Db;
  config: Config;
  channels: Channels;
  notice: { channel: PhoneChannelId; contactId: string; text: string; template?: TemplateContent };
}): Promise<PhoneNoticeResult> {
  const [contact] = await db
    .select({ address: trustedContacts.address, state: trustedContacts.state })
    .from(trustedContacts)
    .where(eq(trustedContacts.id, notice.contactId));
  if (!contact || (contact.state !== "invited" && contact.state !== "active"))
    return { status: "skipped", reason: `${NOT_SENT_BY_RULE}they are no longer a trusted contact.` };
  if (!contactPhoneChannels(config).includes(notice.channel))
    return {
      status: "skipped",
      reason: `${NOT_SENT_BY_RULE}this server no longer reaches trusted contacts by ${notice.channel}.`,
    };
  try {
    await channels
      .get(notice.channel)
      .send({ to: contact.address, purpose: "contact_notice", text: notice.text, template: notice.template });
    return { status: "sent" };
  } catch (err) {
    const e = ChannelError.from(notice.channel, err);
    const error = `${notice.channel}: ${e.message}`.slice(0, 500);
    return e.permanent ? { status: "failed", error } : { status: "retry", error };
  }
}

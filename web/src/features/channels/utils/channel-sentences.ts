import type { ChannelsInfo } from "@trigger-switch/contracts";

/**
 * The sentences other pages need about messaging, true for this server (GET /api/channels).
 * Unknown (still loading, or the call failed) reads as "e-mail only": never promise what may be off.
 */
export function messagingWords(info: ChannelsInfo | undefined) {
  const checkInBy = [info?.whatsapp.uses.check_in && "WhatsApp", info?.sms.uses.check_in && "SMS"].filter(
    (w): w is string => Boolean(w),
  );
  const remindBy = [info?.whatsapp.uses.owner_reminders && "WhatsApp", info?.sms.uses.owner_reminders && "SMS"].filter(
    (w): w is string => Boolean(w),
  );
  const deliverBy = [info?.whatsapp.uses.deliveries && "WhatsApp", info?.sms.uses.deliveries && "SMS"].filter(
    (w): w is string => Boolean(w),
  );
  const list = (words: string[]) => words.join(" or ");
  return {
    /** "WhatsApp or SMS", or null when neither can check anyone in here. */
    checkInBy: checkInBy.length > 0 ? list(checkInBy) : null,
    remindBy: remindBy.length > 0 ? list(remindBy) : null,
    deliverBy: deliverBy.length > 0 ? list(deliverBy) : null,
    /** A messaging provider outside this server handles notifications (local mode keeps them in the local mailbox). */
    anyMessaging:
      Boolean(info?.whatsapp.available || info?.sms.available) &&
      (checkInBy.length > 0 || remindBy.length > 0 || deliverBy.length > 0),
    /** "Meta (WhatsApp) and Twilio (SMS)": the messaging providers this server uses. */
    providers: [info?.whatsapp.available && "Meta (WhatsApp)", info?.sms.available && "Twilio (SMS)"]
      .filter(Boolean)
      .join(" and "),
  };
}

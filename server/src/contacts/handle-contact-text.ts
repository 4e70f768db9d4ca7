import { and, eq, inArray, ne } from "drizzle-orm";
import type { PhoneChannelId } from "../channels/channel.ts";
import { answeredLately } from "../channels/inbound/answered-lately.ts";
import type { Clock } from "../clock.ts";
import type { MasterKeys } from "../crypto/master-keys.ts";
import type { Db } from "../db/connect.ts";
import { trustedContacts } from "../db/schema.ts";
import { answerByText, parseContactAnswer } from "./answer-by-text.ts";
import { stepDown } from "./answer-invitation.ts";
import { contactReplies } from "./contact-text-replies.ts";

export type ContactTextOutcome = "contact_answer" | "contact_too_old" | "contact_stopped" | "contact_help";

/**
 * A text from a number that is someone's trusted contact (docs/decisions/041), or null when it is
 * not for the contacts' side: the number is no contact's, or its sender is also an owner and the
 * text is theirs (an owner's own words check them in; HOLD or RELEASE counts as a contact's answer
 * only while a question to them is open). HOLD/RELEASE answer the open question; STOP steps down
 * (Twilio answers an SMS STOP itself, so only WhatsApp gets our reply); anything else from a
 * contact who is no owner gets a short help, once a day.
 */
export async function handleContactText({
  tx,
  clock,
  masterKeys,
  siteUrl,
  message,
  tooOld,
  isOwner,
  stop,
}: {
  tx: Db;
  clock: Clock;
  masterKeys: MasterKeys;
  siteUrl: string;
  message: { id: string; channel: PhoneChannelId; from: string; text: string | null; receivedAt: Date };
  tooOld: boolean;
  isOwner: boolean;
  /** Whether the text is an opt-out word (parse-command.ts). */
  stop: boolean;
}): Promise<{ outcome: ContactTextOutcome; reply: string | null } | null> {
  const contacts = await tx
    .select({ id: trustedContacts.id, state: trustedContacts.state, channel: trustedContacts.channel })
    .from(trustedContacts)
    .where(
      and(
        eq(trustedContacts.address, message.from),
        inArray(trustedContacts.state, ["invited", "active"]),
        ne(trustedContacts.channel, "email"),
      ),
    );
  if (contacts.length === 0) return null;
  const answer = message.text === null ? null : parseContactAnswer(message.text);
  if (answer) {
    if (tooOld) return isOwner ? null : { outcome: "contact_too_old", reply: contactReplies.tooOld() };
    const outcome = await answerByText({ db: tx, clock, masterKeys, siteUrl, number: message.from, answer });
    if (outcome.kind === "none_open" && isOwner) return null;
    return { outcome: "contact_answer", reply: contactReplies.answered(outcome) };
  }
  if (isOwner) return null;
  if (stop) {
    const now = clock.now();
    for (const contact of contacts.filter((c) => c.channel === message.channel)) await stepDown(tx, contact, now);
    return { outcome: "contact_stopped", reply: message.channel === "whatsapp" ? contactReplies.stopped() : null };
  }
  const told = await answeredLately(tx, {
    number: message.from,
    outcome: "contact_help",
    at: message.receivedAt,
    except: message.id,
  });
  return { outcome: "contact_help", reply: told ? null : contactReplies.help() };
}

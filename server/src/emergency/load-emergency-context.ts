import { eq } from "drizzle-orm";
import type { MasterKeys } from "../crypto/master-keys.ts";
import { messageCipherOf } from "../crypto/message-cipher.ts";
import type { Db } from "../db/connect.ts";
import { emergencyTriggers, messages } from "../db/schema.ts";
import type { CapturedLocation } from "./current-location.ts";
import { pressLocationOf } from "./press-location.ts";

/** What an emergency release's mails and log rows need beyond a timed release's. */
export interface EmergencyContext {
  triggeredAt: Date;
  keepArmed: boolean;
  /** The message text, decrypted: an emergency mail carries it when the message opens at once. */
  text: string;
  /** Sealed with a passphrase (docs/decisions/036): the server has no text to put in a mail; `text` is empty. */
  sealed: boolean;
  /** The position recorded with this press (current then, docs/decisions/008); else null. */
  location: CapturedLocation | null;
  /** Spec §3 reminder_delivery_log.response_data fields of an emergency. */
  responseData: {
    emergency: true;
    triggered_by: "panic_button";
    triggered_at: string;
    manual_trigger: true;
    keep_armed: boolean;
    fallback_method: null;
    location_included: boolean;
  };
}

/** The emergency behind a schedule row, or null for a timed release (no emergency_triggers row). */
export async function loadEmergencyContext({
  db,
  masterKeys,
  reminderId,
}: {
  db: Db;
  masterKeys: MasterKeys;
  reminderId: string;
}): Promise<EmergencyContext | null> {
  const [trigger] = await db.select().from(emergencyTriggers).where(eq(emergencyTriggers.reminderId, reminderId));
  if (!trigger) return null;
  const [message] = await db.select().from(messages).where(eq(messages.id, trigger.messageId));
  const cipher = message ? messageCipherOf(masterKeys, message) : null;
  // The press's own copy: a later press may have stored another position on the message since.
  const location = message && cipher ? pressLocationOf(cipher, trigger, message) : null;
  return {
    triggeredAt: trigger.triggeredAt,
    keepArmed: trigger.keepArmed,
    text: message && cipher ? cipher.openText("text_content", message.textContent) : "",
    sealed: message?.sealedText != null,
    location,
    responseData: {
      emergency: true,
      triggered_by: "panic_button",
      triggered_at: trigger.triggeredAt.toISOString(),
      manual_trigger: true,
      keep_armed: trigger.keepArmed,
      // E-mail is the only channel so far: nothing to fall back to (WhatsApp/SMS later).
      fallback_method: null,
      location_included: location !== null,
    },
  };
}

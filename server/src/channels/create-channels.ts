import type https from "node:https";
import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { MasterKeys } from "../crypto/master-keys.ts";
import type { Db } from "../db/connect.ts";
import type { Mailer } from "../mail/mailer.ts";
import { createPushSender } from "../push/push-sender.ts";
import { loadVapidKeys } from "../push/vapid-keys.ts";
import type { Channels, StatusListener } from "./channel.ts";
import { createEmailChannel } from "./email/email-channel.ts";
import { createOutboxPhoneChannel } from "./local/outbox-phone-channel.ts";
import { createSmsChannel, TWILIO_SETTINGS } from "./sms/sms-channel.ts";
import { createWhatsAppChannel, WHATSAPP_SETTINGS } from "./whatsapp/whatsapp-channel.ts";

/** Every channel from the configuration; an unconfigured provider gives an unavailable channel. */
export function createChannels({
  config,
  db,
  mailer,
  clock,
  masterKeys,
  pushAgent,
}: {
  config: Config;
  db: Db;
  mailer: Mailer;
  clock: Clock;
  masterKeys?: MasterKeys;
  /** The TLS agent for push services (default Node's); tests trust their local push service with it. */
  pushAgent?: https.Agent;
}): Channels {
  const email = createEmailChannel({ mailer, clock });
  // Local mode: no provider and no mail server → WhatsApp and SMS land in the local mailbox.
  const local = config.usesOutbox && masterKeys ? masterKeys : null;
  const whatsapp =
    !config.whatsapp && local
      ? createOutboxPhoneChannel({ id: "whatsapp", db, masterKeys: local, clock, missing: WHATSAPP_SETTINGS })
      : createWhatsAppChannel({ config: config.whatsapp, db, clock });
  // Read late: the tests learn the server's address only after it listens.
  const sms =
    !config.twilio && local
      ? createOutboxPhoneChannel({ id: "sms", db, masterKeys: local, clock, missing: TWILIO_SETTINGS })
      : createSmsChannel({ config: config.twilio, siteUrl: () => config.SITE_URL, clock });
  const push = createPushSender({ keys: loadVapidKeys(config, clock.now()), clock, agent: pushAgent });
  const all = { email, whatsapp, sms };
  let listeners: StatusListener[] = [];
  return {
    ...all,
    push,
    get: (id) => all[id],
    onStatus(listener) {
      listeners = [...listeners, listener];
      return () => {
        listeners = listeners.filter((l) => l !== listener);
      };
    },
    statusListeners: () => listeners,
  };
}

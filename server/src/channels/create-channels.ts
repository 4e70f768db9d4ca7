import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/connect.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { Channels } from "./channel.ts";
import type { StatusListener } from "./record-status.ts";
import { createEmailChannel } from "./email/email-channel.ts";
import { createSmsChannel } from "./sms/sms-channel.ts";
import { createWhatsAppChannel } from "./whatsapp/whatsapp-channel.ts";

/** Every channel from the configuration; an unconfigured provider gives an unavailable channel. */
export function createChannels({ config, db, mailer, clock }: { config: Config; db: Db; mailer: Mailer; clock: Clock }): Channels {
  const email = createEmailChannel({ mailer, clock });
  const whatsapp = createWhatsAppChannel({ config: config.whatsapp, db, clock });
  // Read late: the tests learn the server's address only after it listens.
  const sms = createSmsChannel({ config: config.twilio, siteUrl: () => config.SITE_URL, clock });
  const all = { email, whatsapp, sms };
  let listeners: StatusListener[] = [];
  return {
    ...all,
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

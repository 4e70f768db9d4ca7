import type { Clock } from "../../clock.ts";
import { classifySendError } from "../../engine/classify-send-error.ts";
import type { Mailer } from "../../mail/mailer.ts";
import { ChannelError, type Channel } from "../channel.ts";

/**
 * E-mail behind the channel interface: exactly what the Mailer does today (SMTP, or the local
 * outbox), with its failures classified the engine's way (SMTP 5xx permanent, the rest temporary).
 */
export function createEmailChannel({ mailer, clock }: { mailer: Mailer; clock: Clock }): Channel {
  return {
    id: "email",
    available: true,
    async send(envelope) {
      if (!envelope.subject) throw new ChannelError("email", true, "An e-mail needs a subject.");
      try {
        await mailer.send({ to: envelope.to, subject: envelope.subject, text: envelope.text, html: envelope.html });
      } catch (err) {
        const failure = classifySendError(err);
        const code = /^SMTP \d{3}/.exec(failure.reason)?.[0];
        throw new ChannelError("email", failure.permanent, failure.reason, code);
      }
      return {
        channel: "email",
        providerMessageId: null,
        form: "mail",
        local: mailer.kind === "outbox",
        acceptedAt: clock.now(),
      };
    },
  };
}

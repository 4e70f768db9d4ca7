import type { FastifyBaseLogger } from "fastify";
import type { Channels, PhoneChannelId } from "../channel.ts";
import { maskNumber } from "./mask-number.ts";

/**
 * Answers go out after the inbox batch that handled their messages has committed, never on a
 * webhook's request path (a slow send must not make the provider time out and deliver again).
 * `drain()` waits for those in flight (the inbox processor's stop).
 */
export function createReplySender({ channels, log }: { channels: Channels; log: FastifyBaseLogger }) {
  const inFlight = new Set<Promise<void>>();
  return {
    send(channel: PhoneChannelId, to: string, text: string): void {
      const done = channels
        .get(channel)
        .send({ to, purpose: "check_in_reply", text })
        .then(
          (receipt) =>
            log.info({ channel, to: maskNumber(to), providerMessageId: receipt.providerMessageId }, "reply sent"),
          (err: Error & { permanent?: boolean; code?: string }) =>
            log.warn(
              { channel, to: maskNumber(to), code: err.code, permanent: err.permanent, err: err.message },
              "reply could not be sent",
            ),
        )
        .finally(() => inFlight.delete(done));
      inFlight.add(done);
    },
    async drain(): Promise<void> {
      await Promise.all([...inFlight]);
    },
  };
}
export type ReplySender = ReturnType<typeof createReplySender>;

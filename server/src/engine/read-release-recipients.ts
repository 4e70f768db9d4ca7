import { inArray } from "drizzle-orm";
import type { ChannelId } from "../channels/channel.ts";
import { addressOn } from "../channels/delivery/deliver-through-channels.ts";
import type { MasterKeys } from "../crypto/master-keys.ts";
import type { Db } from "../db/connect.ts";
import { recipients, type deliveries } from "../db/schema.ts";
import { recipientName } from "../recipients/seal-recipient.ts";
import { chunked } from "./chunked.ts";

/** One person a release went to, as the owner's notice names them: never their address or number. */
export interface ReleasedTo {
  name: string | null;
  channels: ChannelId[];
}

/**
 * One read of the batch's recipients (in chunks of 5000 ids, never one per row), for two needs:
 * - `viaChannels`: recipients of pending releases who need the channel layer (channels other than
 *   exactly ["email"], or no e-mail address). A deleted recipient is not among them: their delivery
 *   goes by e-mail to the address written at release time, as the channel layer would send it.
 * - `names` (only `forReleaseNotices`): the recipients of rows whose owner's notice is to be sent
 *   now, their names opened and their channels as the channel layer tries them (those with an
 *   address, in order).
 */
export async function readReleaseRecipients(
  db: Db,
  masterKeys: MasterKeys,
  all: Pick<typeof deliveries.$inferSelect, "kind" | "status" | "recipientId" | "reminderId">[],
  { forReleaseNotices }: { forReleaseNotices: boolean },
): Promise<{ viaChannels: Map<string, ChannelId>; names: Map<string, ReleasedTo> }> {
  const pendingRelease = new Set(
    all.flatMap((d) => (d.kind === "release" && d.status === "pending" && d.recipientId ? [d.recipientId] : [])),
  );
  const noticed = new Set(
    forReleaseNotices
      ? all.flatMap((d) =>
          d.kind === "release_notice" && d.status === "pending" && d.reminderId ? [d.reminderId] : [],
        )
      : [],
  );
  const named = new Set(
    all.flatMap((d) =>
      d.kind === "release" && d.recipientId && d.reminderId && noticed.has(d.reminderId) ? [d.recipientId] : [],
    ),
  );
  /** Recipients who go through the channel layer, with the channel each is tried on first. */
  const viaChannels = new Map<string, ChannelId>();
  const names = new Map<string, ReleasedTo>();
  for (const part of chunked([...new Set([...pendingRelease, ...named])], 5000)) {
    const rows = await db
      .select({
        id: recipients.id,
        email: recipients.email,
        phone: recipients.phone,
        channels: recipients.channels,
        name: recipients.name,
        keyId: recipients.keyId,
        wrappedKey: recipients.wrappedKey,
      })
      .from(recipients)
      .where(inArray(recipients.id, part));
    for (const r of rows) {
      if (pendingRelease.has(r.id) && !(r.email && r.channels.length === 1 && r.channels[0] === "email"))
        viaChannels.set(r.id, (r.channels as ChannelId[]).find((c) => addressOn(r, c)) ?? "email");
      if (named.has(r.id))
        names.set(r.id, {
          name: recipientName(masterKeys, r),
          channels: (r.channels as ChannelId[]).filter((c) => addressOn(r, c)),
        });
    }
  }
  return { viaChannels, names };
}

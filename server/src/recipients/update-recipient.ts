import { recipientProblems, type Recipient, type recipientUpdateSchema } from "@trigger-switch/contracts";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { limitsFor } from "../billing/limits-for.ts";
import type { Channels } from "../channels/channel.ts";
import { checkRecipientChannels } from "../channels/recipient-channel-rules.ts";
import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { MasterKeys } from "../crypto/master-keys.ts";
import type { Db } from "../db/connect.ts";
import { lockUserRow } from "../db/owned-row.ts";
import { recipients } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { findOwnedRecipient } from "./find-owned-recipient.ts";
import { refuseSharedAddress } from "./refuse-shared-address.ts";
import { openRecipient, sealRecipientFields } from "./seal-recipient.ts";
import { toRecipientDto } from "./to-recipient-dto.ts";

interface Options {
  db: Db;
  config: Config;
  channels: Channels;
  clock: Clock;
  masterKeys: MasterKeys;
  userId: string;
  recipientId: string;
  changes: z.output<typeof recipientUpdateSchema>;
}

/** Applies the given fields, then checks that the channels still have their addresses. */
export async function updateRecipient({
  db,
  config,
  channels,
  clock,
  masterKeys,
  userId,
  recipientId,
  changes,
}: Options): Promise<Recipient> {
  const current = await findOwnedRecipient({ db, masterKeys, userId, recipientId });
  const merged = { ...current, ...changes };
  const problems = recipientProblems(merged);
  if (Object.keys(problems).length > 0) throw new AppError("validation_failed", Object.values(problems)[0]!, problems);
  checkRecipientChannels({
    config,
    limits: await limitsFor({ db, config, userId }),
    channels,
    chosen: merged.channels,
    before: current.channels,
  });
  return db.transaction(async (tx) => {
    await lockUserRow(tx, userId);
    // Only a changed address is checked: an older pair that shares one can still have its note edited.
    await refuseSharedAddress(tx, {
      masterKeys,
      userId,
      email: merged.email?.toLowerCase() !== current.email?.toLowerCase() ? merged.email : null,
      phone: merged.phone !== current.phone ? merged.phone : null,
      exceptId: current.id,
    });
    const [row] = await tx
      .update(recipients)
      .set({
        ...sealRecipientFields(masterKeys, current.id, merged),
        email: merged.email,
        phone: merged.phone,
        channels: merged.channels,
        updatedAt: clock.now(),
      })
      .where(eq(recipients.id, current.id))
      .returning();
    return toRecipientDto(openRecipient(masterKeys, row!));
  });
}

import { randomUUID } from "node:crypto";
import { type Recipient, type recipientCreateSchema } from "@trigger-switch/contracts";
import { count, eq } from "drizzle-orm";
import type { z } from "zod";
import { limitsFor } from "../billing/limits-for.ts";
import { planLimitError } from "../billing/plan-limit-error.ts";
import type { Channels } from "../channels/channel.ts";
import { checkRecipientChannels, recipientChannelsFor } from "../channels/recipient-channel-rules.ts";
import type { Config } from "../config.ts";
import type { Clock } from "../clock.ts";
import type { MasterKeys } from "../crypto/master-keys.ts";
import type { Db } from "../db/connect.ts";
import { lockUserRow } from "../db/owned-row.ts";
import { recipients } from "../db/schema.ts";
import { refuseSharedAddress } from "./refuse-shared-address.ts";
import { openRecipient, sealRecipientFields } from "./seal-recipient.ts";
import { toRecipientDto } from "./to-recipient-dto.ts";

export async function createRecipient({
  db,
  config,
  clock,
  masterKeys,
  channels: available,
  userId,
  input,
}: {
  db: Db;
  config: Config;
  clock: Clock;
  masterKeys: MasterKeys;
  channels: Channels;
  userId: string;
  input: z.output<typeof recipientCreateSchema>;
}): Promise<Recipient> {
  const limits = await limitsFor({ db, config, userId });
  const channels = recipientChannelsFor({ input, limits, channels: available });
  checkRecipientChannels({ config, limits, channels: available, chosen: channels });
  return db.transaction(async (tx) => {
    await lockUserRow(tx, userId);
    const [existing] = await tx.select({ n: count() }).from(recipients).where(eq(recipients.userId, userId));
    const usage = existing?.n ?? 0;
    if (usage >= limits.maxRecipients) throw planLimitError(config, limits, { kind: "recipients", usage });
    await refuseSharedAddress(tx, { masterKeys, userId, email: input.email, phone: input.phone });
    const now = clock.now();
    const id = randomUUID();
    const [row] = await tx
      .insert(recipients)
      .values({
        id,
        userId,
        ...sealRecipientFields(masterKeys, id, input),
        email: input.email,
        phone: input.phone,
        channels,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return toRecipientDto(openRecipient(masterKeys, row!));
  });
}

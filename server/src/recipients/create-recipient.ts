import { randomUUID } from "node:crypto";
import { defaultChannels, type Recipient, type recipientCreateSchema } from "@trigger-switch/contracts";
import { count, eq } from "drizzle-orm";
import type { z } from "zod";
import { limitsFor } from "../billing/limits-for.ts";
import type { Clock } from "../clock.ts";
import type { MasterKeys } from "../crypto/master-keys.ts";
import type { Db } from "../db/connect.ts";
import { lockUserRow } from "../db/owned-row.ts";
import { recipients } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { openRecipient, sealRecipientFields } from "./seal-recipient.ts";
import { toRecipientDto } from "./to-recipient-dto.ts";

export async function createRecipient({ db, clock, masterKeys, userId, input }: { db: Db; clock: Clock; masterKeys: MasterKeys; userId: string; input: z.output<typeof recipientCreateSchema> }): Promise<Recipient> {
  const { maxRecipients } = await limitsFor({ db, userId });
  return db.transaction(async (tx) => {
    await lockUserRow(tx, userId);
    const [existing] = await tx.select({ n: count() }).from(recipients).where(eq(recipients.userId, userId));
    if ((existing?.n ?? 0) >= maxRecipients) throw new AppError("plan_limit", `Your plan allows ${maxRecipients} recipients. Delete one or upgrade.`);
    const now = clock.now();
    const id = randomUUID();
    const [row] = await tx
      .insert(recipients)
      .values({ id, userId, ...sealRecipientFields(masterKeys, id, input), email: input.email, phone: input.phone, channels: input.channels ?? defaultChannels(input), createdAt: now, updatedAt: now })
      .returning();
    return toRecipientDto(openRecipient(masterKeys, row!));
  });
}

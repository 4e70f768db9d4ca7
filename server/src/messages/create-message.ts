import { randomUUID } from "node:crypto";
import type { Message, messageCreateSchema, RecipientChannel } from "@trigger-switch/contracts";
import { count, eq } from "drizzle-orm";
import type { z } from "zod";
import { limitsFor, type PlanLimits } from "../billing/limits-for.ts";
import { planLimitError } from "../billing/plan-limit-error.ts";
import type { Config } from "../config.ts";
import type { Clock } from "../clock.ts";
import { newMessageCipher } from "../crypto/message-cipher.ts";
import type { MasterKeys } from "../crypto/master-keys.ts";
import type { Db, Tx } from "../db/connect.ts";
import { lockUserRow } from "../db/owned-row.ts";
import { messages } from "../db/schema.ts";
import type { MessageRow } from "./find-owned-message.ts";
import { sealMessageFields } from "./seal-message-fields.ts";
import { toMessageDto } from "./to-message-dto.ts";

interface Options {
  db: Db;
  config: Config;
  clock: Clock;
  masterKeys: MasterKeys;
  userId: string;
  input: z.output<typeof messageCreateSchema>;
  /** The channels this server sends by (`deliveredBy`): readiness counts a recipient reachable on them. */
  delivered: readonly RecipientChannel[];
}

/** Saves a message encrypted under a fresh data key. It starts as a draft: no recipients, no conditions. */
export async function createMessage({
  db,
  config,
  clock,
  masterKeys,
  userId,
  input,
  delivered,
}: Options): Promise<Message> {
  const limits = await limitsFor({ db, config, userId });
  const row = await db.transaction((tx) => insertMessage({ tx, config, clock, masterKeys, userId, limits, input }));
  return toMessageDto(
    masterKeys,
    row,
    { recipients: [], conditions: [], attachments: [], lastRelease: null },
    delivered,
  );
}

/** The insert inside the caller's transaction, after the plan's message count is checked under the account lock. */
export async function insertMessage({
  tx,
  config,
  clock,
  masterKeys,
  userId,
  limits,
  input,
}: {
  tx: Tx;
  config: Config;
  clock: Clock;
  masterKeys: MasterKeys;
  userId: string;
  limits: PlanLimits;
  input: z.output<typeof messageCreateSchema>;
}): Promise<MessageRow> {
  // The id is chosen here because it is bound into every ciphertext of the message.
  const id = randomUUID();
  const { cipher, keyId, wrappedKey } = newMessageCipher(masterKeys, id);
  const now = clock.now();
  await lockUserRow(tx, userId);
  const [existing] = await tx.select({ n: count() }).from(messages).where(eq(messages.userId, userId));
  const usage = existing?.n ?? 0;
  if (usage >= limits.maxMessages) throw planLimitError(config, limits, { kind: "messages", usage });
  const sealed = sealMessageFields(cipher, input);
  const [inserted] = await tx
    .insert(messages)
    .values({
      id,
      userId,
      keyId,
      wrappedKey,
      ...sealed,
      title: sealed.title!,
      textContent: sealed.textContent!,
      shareLocation: input.share_location,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return inserted!;
}

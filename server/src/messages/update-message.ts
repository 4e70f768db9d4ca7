import {
  locationProblems,
  type Message,
  type messageUpdateSchema,
  type RecipientChannel,
} from "@trigger-switch/contracts";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { Clock } from "../clock.ts";
import { messageCipherOf } from "../crypto/message-cipher.ts";
import type { MasterKeys } from "../crypto/master-keys.ts";
import type { Db } from "../db/connect.ts";
import { messages } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { findOwnedMessage } from "./find-owned-message.ts";
import { loadMessageParts } from "./load-message-parts.ts";
import { openMessage } from "./open-message.ts";
import { sealMessageFields } from "./seal-message-fields.ts";
import { toMessageDto } from "./to-message-dto.ts";

interface Options {
  db: Db;
  clock: Clock;
  masterKeys: MasterKeys;
  userId: string;
  messageId: string;
  changes: z.output<typeof messageUpdateSchema>;
  timeZone?: string;
  /** The channels this server sends by (`deliveredBy`): readiness counts a recipient reachable on them. */
  delivered: readonly RecipientChannel[];
}

/** Re-encrypts the changed fields (fresh IVs, same data key); the location pair is checked after merging. */
export async function updateMessage({
  db,
  clock,
  masterKeys,
  userId,
  messageId,
  changes,
  timeZone,
  delivered,
}: Options): Promise<Message> {
  const current = await findOwnedMessage({ db, userId, messageId });
  const cipher = messageCipherOf(masterKeys, current);
  if (current.sealedText !== null && changes.text_content)
    throw new AppError(
      "conflict",
      "This message is sealed: its text can only change by sealing it again in your browser. Nothing was saved.",
      { text_content: "This message is sealed" },
    );
  if (changes.location_latitude !== undefined || changes.location_longitude !== undefined) {
    const problems = locationProblems({ ...openMessage(cipher, current), ...changes });
    if (Object.keys(problems).length > 0)
      throw new AppError("validation_failed", Object.values(problems)[0]!, problems);
  }
  const now = clock.now();
  const { share_location, ...secret } = changes;
  const [row] = await db
    .update(messages)
    .set({
      ...sealMessageFields(cipher, secret),
      shareLocation: share_location,
      ...(movesLocation(openMessage(cipher, current), changes) ? { locatedAt: null, locationAccuracy: null } : {}),
      updatedAt: now,
    })
    .where(eq(messages.id, current.id))
    .returning();
  const parts = await loadMessageParts({ db, masterKeys, messageIds: [current.id], now, timeZone });
  return toMessageDto(masterKeys, row!, parts.get(current.id)!, delivered);
}

/**
 * A position typed or moved by hand is not a device fix: it loses its capture time, so an emergency
 * never presents it as where the owner is now (docs/decisions/008). Re-sending the same values
 * (a form saving every field) keeps it.
 */
function movesLocation(
  before: { location_latitude: number | null; location_longitude: number | null },
  changes: { location_latitude?: number | null; location_longitude?: number | null },
): boolean {
  const moved = (key: "location_latitude" | "location_longitude") =>
    changes[key] !== undefined && changes[key] !== before[key];
  return moved("location_latitude") || moved("location_longitude");
}

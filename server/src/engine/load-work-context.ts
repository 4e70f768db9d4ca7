import { count, eq } from "drizzle-orm";
import type { MasterKeys } from "../crypto/master-keys.ts";
import { messageCipherOf } from "../crypto/message-cipher.ts";
import type { Db } from "../db/connect.ts";
import { accessGrants, messageConditions, messageRecipients, messages, profiles, users } from "../db/schema.ts";
import { loadEmergencyContext, type EmergencyContext } from "../emergency/load-emergency-context.ts";
import type { ScheduleRow } from "./claim-due-work.ts";

export interface WorkContext {
  row: ScheduleRow;
  messageTitle: string;
  ownerEmail: string;
  ownerName: string;
  ownerFirstName: string;
  /** The zone the owner's times are shown in: their profile's, else the schedule's, else UTC. */
  timeZone: string;
  keepArmed: boolean | null;
  grants: Map<string, typeof accessGrants.$inferSelect>;
  /** How many people the condition would send the message to (its subset, else all linked). */
  recipientCount: number;
  /** Set when the row is an emergency (a panic press, docs/decisions/008); null for timed work. */
  emergency: EmergencyContext | null;
}

/** What the mails of one schedule row need, read once per attempt. */
export async function loadWorkContext({ db, masterKeys, row }: { db: Db; masterKeys: MasterKeys; row: ScheduleRow }): Promise<WorkContext> {
  const [message] = await db.select().from(messages).where(eq(messages.id, row.messageId));
  const [owner] = await db.select({ email: users.email, first: profiles.firstName, last: profiles.lastName, timeZone: profiles.timeZone }).from(users).leftJoin(profiles, eq(profiles.id, users.id)).where(eq(users.id, row.userId));
  const [condition] = await db.select().from(messageConditions).where(eq(messageConditions.id, row.conditionId));
  const [linked] = await db.select({ n: count() }).from(messageRecipients).where(eq(messageRecipients.messageId, row.messageId));
  const grants = await db.select().from(accessGrants).where(eq(accessGrants.releaseId, row.id));
  const first = owner?.first?.trim() ?? "";
  const name = [first, owner?.last?.trim() ?? ""].filter(Boolean).join(" ");
  const pattern = condition?.recurringPattern as { time_zone?: string } | null | undefined;
  return {
    row,
    messageTitle: message ? messageCipherOf(masterKeys, message).openText("title", message.title) : "(deleted message)",
    ownerEmail: owner?.email ?? "",
    ownerName: name || "Someone who uses Trigger Switch",
    ownerFirstName: first || "there",
    timeZone: owner?.timeZone ?? pattern?.time_zone ?? "UTC",
    keepArmed: condition?.conditionType === "panic_trigger" ? condition.panicConfig.keep_armed !== false : null,
    recipientCount: condition && condition.recipients.length > 0 ? condition.recipients.length : (linked?.n ?? 0),
    grants: new Map(grants.map((g) => [g.id, g])),
    emergency: condition?.conditionType === "panic_trigger" ? await loadEmergencyContext({ db, masterKeys, reminderId: row.id }) : null,
  };
}

import { DEFAULT_CONFIRMATION_SETTINGS, type ConfirmationSettings } from "@trigger-switch/contracts";
import { and, eq, sql } from "drizzle-orm";
import type { PhoneChannelId } from "../channels/channel.ts";
import type { MasterKeys } from "../crypto/master-keys.ts";
import type { Db, Tx } from "../db/connect.ts";
import { inIds } from "../db/in-ids.ts";
import { insertRows } from "../db/insert-rows.ts";
import {
  conditionContacts,
  confirmationStages,
  messageConditions,
  profiles,
  trustedContacts,
  users,
  verifiedNumbers,
} from "../db/schema.ts";
import { recordCipherOf } from "../crypto/record-cipher.ts";
import { effectiveDeadline } from "../engine/effective-deadline.ts";
import { UNNAMED_OWNER } from "./answer-invitation.ts";
import { stepConfirmation, type ConfirmationEffect, type ConfirmationState } from "./confirmation-stage.ts";
import { fromStoredState, toStoredState } from "./stored-stage.ts";

export type ConditionRow = typeof messageConditions.$inferSelect;
type ContactRow = typeof trustedContacts.$inferSelect;

/** The conditions a confirmation applies to: never the emergency button, which never waits (041). */
export const CONFIRMABLE_TYPES: ReadonlySet<string> = new Set([
  "no_check_in",
  "recurring_check_in",
  "inactivity_to_date",
]);

export const confirmationOf = (condition: ConditionRow): ConfirmationSettings | null =>
  CONFIRMABLE_TYPES.has(condition.conditionType) ? condition.confirmation : null;

export interface Owner {
  email: string;
  firstName: string;
  timeZone: string;
  /**
   * Their proven number and the messaging channels they chose for reminders, which their alerts
   * follow too; null: e-mail only. At send time their route is checked again (plan, choice, proof,
   * this server's providers: channels/delivery/send-owner-phone-notice.ts).
   */
  phone: { number: string; channels: PhoneChannelId[] } | null;
}

/** One condition's stage, read under the condition's row lock, with what it needs to act. */
export interface Stage {
  condition: ConditionRow;
  settings: ConfirmationSettings;
  state: ConfirmationState;
  owner: Owner;
  /** The owner's contacts by id (any state), to write to those asked and name them. */
  contacts: Map<string, ContactRow>;
  /** Contacts on this condition who can be asked now: every active one, on whatever channel. */
  askable: string[];
  /** Effects of catching up (a check-in or a contact gone since the stage was written). */
  effects: ConfirmationEffect[];
}

/**
 * Reads the stages of conditions the caller has locked. Catches each up first: a check-in since the
 * stage was written (last_checked moved) closes an open question and resets the holds, so does a
 * change of the condition that dropped the stage's deadline; an asked contact no longer active on
 * the condition stops counting. So every caller acts on the stage as it stands now.
 */
export async function readStages(
  tx: Tx,
  conditions: { condition: ConditionRow; settings: ConfirmationSettings }[],
  now: Date,
): Promise<Map<string, Stage>> {
  const stages = new Map<string, Stage>();
  if (conditions.length === 0) return stages;
  const conditionIds = conditions.map((c) => c.condition.id);
  const userIds = [...new Set(conditions.map((c) => c.condition.userId))];
  const stored = new Map(
    (await tx.select().from(confirmationStages).where(inIds(confirmationStages.conditionId, conditionIds))).map((s) => [
      s.conditionId,
      s,
    ]),
  );
  const links = await tx
    .select({ conditionId: conditionContacts.conditionId, contactId: conditionContacts.contactId })
    .from(conditionContacts)
    .where(inIds(conditionContacts.conditionId, conditionIds));
  const contactRows = await tx.select().from(trustedContacts).where(inIds(trustedContacts.userId, userIds));
  const owners = await readOwners(tx, userIds);
  for (const { condition, settings } of conditions) {
    const contacts = new Map(contactRows.filter((c) => c.userId === condition.userId).map((c) => [c.id, c]));
    const askable = links
      .filter((l) => l.conditionId === condition.id)
      .map((l) => contacts.get(l.contactId))
      // Every active contact, whatever their channel: a text this server can no longer send is
      // recorded as not sent (send-contact-phone-notice.ts), and the window's end still decides.
      .filter((c) => c?.state === "active")
      .map((c) => c!.id)
      .sort();
    const row = stored.get(condition.id);
    let state = fromStoredState(row?.state);
    const effects: ConfirmationEffect[] = [];
    const apply = (event: Parameters<typeof stepConfirmation>[1]) => {
      const step = stepConfirmation(state, event, settings, now);
      state = step.state;
      effects.push(...step.effects);
    };
    if (row && condition.lastChecked.getTime() > row.lastCheckedSeen.getTime()) apply({ type: "check_in" });
    if (state.kind === "confirming") {
      const due = effectiveDeadline(condition, now);
      const open = due !== null && condition.shiftedDeadline?.getTime() === due.ruleDeadline.getTime();
      // The owner re-armed, edited or disarmed the condition since it was asked about: they are
      // there, so the question closes as a check-in would close it.
      if (!open) apply({ type: "check_in" });
      // The downtime guard moved the window's end with its release row: the contacts get that time too.
      else if (due.deadline.getTime() > state.endsAt.getTime()) state = { ...state, endsAt: due.deadline };
    }
    if (state.kind !== "armed")
      for (const id of state.asked)
        if (!askable.includes(id) && !state.removed.includes(id)) apply({ type: "contact_removed", contactId: id });
    stages.set(condition.id, {
      condition,
      settings,
      state,
      owner: owners.get(condition.userId) ?? { email: "", firstName: UNNAMED_OWNER, timeZone: "UTC", phone: null },
      contacts,
      askable,
      effects,
    });
  }
  return stages;
}

/**
 * Locks these conditions (in id order, as every writer of a stage does) and reads their stages
 * caught up (readStages). A condition whose confirmation was turned off since keeps the defaults,
 * so a question it still has open can close.
 */
export async function lockAndReadStages(tx: Tx, conditionIds: string[], now: Date): Promise<Map<string, Stage>> {
  const conditions = await tx
    .select()
    .from(messageConditions)
    .where(inIds(messageConditions.id, [...new Set(conditionIds)].sort()))
    .orderBy(messageConditions.id)
    .for("update");
  return readStages(
    tx,
    conditions.map((condition) => ({
      condition,
      settings: confirmationOf(condition) ?? DEFAULT_CONFIRMATION_SETTINGS,
    })),
    now,
  );
}

/** Writes stages as they now stand; `lastChecked` is the condition's, so the next read sees only later check-ins. */
export async function writeStages(
  tx: Tx,
  stages: { condition: ConditionRow; state: ConfirmationState }[],
  now: Date,
): Promise<void> {
  if (stages.length === 0) return;
  await insertRows(
    tx,
    confirmationStages,
    stages.map(({ condition, state }) => ({
      conditionId: condition.id,
      userId: condition.userId,
      state: toStoredState(state),
      lastCheckedSeen: condition.lastChecked,
      updatedAt: now,
    })),
    sql`on conflict (condition_id) do update set state = excluded.state, last_checked_seen = excluded.last_checked_seen, updated_at = excluded.updated_at`,
  );
}

/** What the contacts' mails need of each owner: their address, first name and time zone. */
export async function readOwners(tx: Db | Tx, userIds: string[]): Promise<Map<string, Owner>> {
  const rows = await tx
    .select({
      id: users.id,
      email: users.email,
      firstName: profiles.firstName,
      timeZone: profiles.timeZone,
      chosen: profiles.reminderChannels,
      proven: verifiedNumbers.number,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .leftJoin(
      verifiedNumbers,
      and(eq(verifiedNumbers.userId, users.id), eq(verifiedNumbers.number, profiles.whatsappNumber)),
    )
    .where(inIds(users.id, userIds));
  return new Map(
    rows.map((r) => {
      const channels = (r.chosen ?? []).filter((c): c is PhoneChannelId => c === "whatsapp" || c === "sms");
      return [
        r.id,
        {
          email: r.email,
          firstName: r.firstName?.trim() || UNNAMED_OWNER,
          timeZone: r.timeZone ?? "UTC",
          phone: r.proven && channels.length > 0 ? { number: r.proven, channels } : null,
        },
      ];
    }),
  );
}

/** A contact's name as the owner wrote it (sealed at rest). */
export const contactName = (
  masterKeys: MasterKeys,
  contact: Pick<ContactRow, "id" | "name" | "keyId" | "wrappedKey">,
): string => recordCipherOf(masterKeys, "contact", contact).open("name", contact.name);

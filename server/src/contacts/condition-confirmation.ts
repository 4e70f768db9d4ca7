import {
  DEFAULT_CONFIRMATION_SETTINGS,
  type ActiveConfirmation,
  validateConfirmationSettings,
  type ConditionConfirmation,
  type ConditionConfirmationInput,
  type ConfirmationSettings,
  type ConfirmationStageView,
} from "@trigger-switch/contracts";
import { and, eq, inArray } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import type { MasterKeys } from "../crypto/master-keys.ts";
import type { Db } from "../db/connect.ts";
import { isUuid } from "../db/owned-row.ts";
import { messageCipherOf } from "../crypto/message-cipher.ts";
import { conditionContacts, confirmationStages, messageConditions, messages, trustedContacts } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { CONFIRMABLE_TYPES, contactName, readStages, type Stage } from "./stage-context.ts";

/**
 * Turns confirm before release on for one of the owner's conditions, with its settings and the
 * contacts it asks, or off (`settings` null). Contacts must be the owner's and invited or active;
 * the emergency button never waits, so its condition is refused. Under the condition's row lock,
 * like everything that touches its stage.
 */
export async function setConditionConfirmation({
  db,
  clock,
  userId,
  conditionId,
  settings,
  contactIds,
}: {
  db: Db;
  clock: Clock;
  userId: string;
  conditionId: string;
  settings: ConfirmationSettings | null;
  contactIds: string[];
}): Promise<void> {
  if (!isUuid(conditionId)) throw new AppError("not_found", "There is no such condition.");
  await db.transaction(async (tx) => {
    const [condition] = await tx
      .select()
      .from(messageConditions)
      .where(and(eq(messageConditions.id, conditionId), eq(messageConditions.userId, userId)))
      .for("update");
    if (!condition) throw new AppError("not_found", "There is no such condition.");
    const ids = settings ? [...new Set(contactIds)] : [];
    if (settings) {
      if (!CONFIRMABLE_TYPES.has(condition.conditionType))
        throw new AppError(
          "validation_failed",
          "The emergency button never waits for anyone: confirm before release is for timed conditions.",
        );
      const problems = validateConfirmationSettings(settings, ids.length);
      if (problems.length > 0)
        throw new AppError(
          "validation_failed",
          problems[0]!.message,
          Object.fromEntries(problems.map((p) => [INPUT_FIELD[p.field], p.message])),
        );
      const mine = ids.length
        ? await tx
            .select({ id: trustedContacts.id })
            .from(trustedContacts)
            .where(
              and(
                eq(trustedContacts.userId, userId),
                inArray(trustedContacts.id, ids),
                inArray(trustedContacts.state, ["invited", "active"]),
              ),
            )
        : [];
      if (ids.length === 0 || mine.length !== ids.length)
        throw new AppError("validation_failed", "Choose at least one of your trusted contacts to ask.", {
          contact_ids: "Choose at least one of your trusted contacts",
        });
    }
    await tx
      .update(messageConditions)
      .set({ confirmation: settings, updatedAt: clock.now() })
      .where(eq(messageConditions.id, conditionId));
    await tx.delete(conditionContacts).where(eq(conditionContacts.conditionId, conditionId));
    if (ids.length > 0)
      await tx
        .insert(conditionContacts)
        .values(ids.map((contactId) => ({ conditionId, contactId, userId, createdAt: clock.now() })));
  });
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const INPUT_FIELD: Record<keyof ConfirmationSettings, keyof ConditionConfirmationInput> = {
  windowMs: "window_hours",
  holdMs: "hold_days",
  maxHoldsInARow: "max_holds_in_a_row",
  releaseAnswersNeeded: "release_answers_needed",
};

/** The form's units to the stored settings; `enabled: false` is off. */
export function settingsFromInput(input: ConditionConfirmationInput): ConfirmationSettings | null {
  if (!input.enabled) return null;
  return {
    windowMs: input.window_hours * HOUR,
    holdMs: input.hold_days * DAY,
    maxHoldsInARow: input.max_holds_in_a_row,
    releaseAnswersNeeded: input.release_answers_needed,
  };
}

/** One of the owner's conditions' confirm before release, with its stage as the owner sees it. */
export async function readConditionConfirmation({
  db,
  clock,
  masterKeys,
  userId,
  conditionId,
}: {
  db: Db;
  clock: Clock;
  masterKeys: MasterKeys;
  userId: string;
  conditionId: string;
}): Promise<ConditionConfirmation> {
  if (!isUuid(conditionId)) throw new AppError("not_found", "There is no such condition.");
  return db.transaction(async (tx) => {
    const [condition] = await tx
      .select()
      .from(messageConditions)
      .where(and(eq(messageConditions.id, conditionId), eq(messageConditions.userId, userId)));
    if (!condition) throw new AppError("not_found", "There is no such condition.");
    const settings = condition.confirmation ?? DEFAULT_CONFIRMATION_SETTINGS;
    // Those who can still be asked: a contact who declined, left or was removed is no longer chosen.
    const contactIds = (
      await tx
        .select({ id: conditionContacts.contactId })
        .from(conditionContacts)
        .innerJoin(trustedContacts, eq(trustedContacts.id, conditionContacts.contactId))
        .where(
          and(eq(conditionContacts.conditionId, conditionId), inArray(trustedContacts.state, ["invited", "active"])),
        )
    ).map((c) => c.id);
    const stage = (await readStages(tx, [{ condition, settings }], clock.now())).get(conditionId)!;
    return {
      enabled: condition.confirmation !== null,
      window_hours: settings.windowMs / HOUR,
      hold_days: settings.holdMs / DAY,
      max_holds_in_a_row: settings.maxHoldsInARow,
      release_answers_needed: settings.releaseAnswersNeeded,
      contact_ids: contactIds,
      stage: stageView(masterKeys, stage),
    };
  });
}

/** The stage as the owner sees it: asking now, the last hold, or how the last question ended. */
function stageView(masterKeys: MasterKeys, { state, contacts }: Stage): ConfirmationStageView {
  if (state.kind === "armed")
    return { status: "none", until: null, asked: 0, answered: 0, held_by: null, holds_in_a_row: 0, closed_at: null };
  const heldBy = state.kind === "held" ? contacts.get(state.heldBy) : undefined;
  return {
    status: state.kind === "confirming" ? "asking" : state.kind,
    until:
      state.kind === "confirming"
        ? state.endsAt.toISOString()
        : state.kind === "held"
          ? state.newDeadline.toISOString()
          : null,
    asked: state.asked.length,
    answered: Object.keys(state.answers).length,
    held_by: heldBy ? contactName(masterKeys, heldBy) : null,
    holds_in_a_row: state.holdsInARow,
    closed_at: state.kind !== "confirming" && state.closedAt ? state.closedAt.toISOString() : null,
  };
}

/**
 * The owner's conditions whose contacts are being asked now, or whose release a contact held and
 * whose new deadline is still ahead (a check-in since ends the hold's say), soonest first: what the
 * dashboard tells the owner. One read of every stage, caught up in memory; nothing is written.
 */
export async function listActiveConfirmations({
  db,
  clock,
  masterKeys,
  userId,
}: {
  db: Db;
  clock: Clock;
  masterKeys: MasterKeys;
  userId: string;
}): Promise<ActiveConfirmation[]> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ condition: messageConditions, message: messages })
      .from(messageConditions)
      .innerJoin(messages, eq(messages.id, messageConditions.messageId))
      .innerJoin(confirmationStages, eq(confirmationStages.conditionId, messageConditions.id))
      .where(eq(messageConditions.userId, userId));
    if (rows.length === 0) return [];
    const now = clock.now();
    const stages = await readStages(
      tx,
      rows.map(({ condition }) => ({ condition, settings: condition.confirmation ?? DEFAULT_CONFIRMATION_SETTINGS })),
      now,
    );
    return rows
      .flatMap(({ condition, message }): ActiveConfirmation[] => {
        const stage = stageView(masterKeys, stages.get(condition.id)!);
        const holding = stage.status === "held" && stage.holds_in_a_row > 0 && Date.parse(stage.until!) > now.getTime();
        if (stage.status !== "asking" && !holding) return [];
        return [
          {
            condition_id: condition.id,
            message_id: message.id,
            message_title: messageCipherOf(masterKeys, message).openText("title", message.title),
            enabled: condition.confirmation !== null,
            max_holds_in_a_row: (condition.confirmation ?? DEFAULT_CONFIRMATION_SETTINGS).maxHoldsInARow,
            stage,
          },
        ];
      })
      .sort((a, b) => Date.parse(a.stage.until ?? "") - Date.parse(b.stage.until ?? ""));
  });
}

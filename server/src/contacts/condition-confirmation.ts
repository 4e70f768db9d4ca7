import { validateConfirmationSettings, type ConfirmationSettings } from "@trigger-switch/contracts";
import { and, eq, inArray } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import type { Db } from "../db/connect.ts";
import { conditionContacts, messageConditions, trustedContacts } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { CONFIRMABLE_TYPES } from "./stage-context.ts";

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
          Object.fromEntries(problems.map((p) => [p.field, p.message])),
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
